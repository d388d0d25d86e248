//! `cargo xtask serve`: a small std-only static file server for `dist/`, bound to 127.0.0.1.
//!
//! GET and HEAD only, one thread per connection, kept alive between requests. Requests are mapped to
//! files by [`resolve`], a pure function that refuses anything that could leave `dist/`.
//! Text and wasm go out gzipped to a client that accepts it, as a static host sends them (so
//! Lighthouse measures the bytes a reader downloads). Each file is compressed once and kept
//! until it changes on disk, as a host serves precompressed files: compressing every response
//! anew cost the page's load tens of ms of CPU that the bench then counted against the figure.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

/// Same policy as the page's meta tag; `frame-ancestors *` so the article can embed it.
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; \
worker-src 'self'; base-uri 'none'; frame-ancestors *";

/// Why a request target does not map to a file.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Malformed or dangerous (traversal, backslash, bad escape): 400.
    BadRequest(&'static str),
}

/// Maps a request target (`/www/app.js?x=1`) to a path relative to the site root, or refuses
/// it. Percent-escapes are decoded first, so encoded dots and slashes get the same checks.
/// A target ending in `/` means its `index.html`.
pub fn resolve(target: &str) -> Result<PathBuf, Refusal> {
    let path = target.split(['?', '#']).next().unwrap_or_default();
    if !path.starts_with('/') {
        return Err(Refusal::BadRequest("the request target must start with /"));
    }
    let decoded = percent_decode(path)?;
    if decoded.contains('\\') {
        return Err(Refusal::BadRequest("backslash in path"));
    }
    if decoded.contains('\0') {
        return Err(Refusal::BadRequest("NUL in path"));
    }
    let mut rel = PathBuf::new();
    for segment in decoded.split('/') {
        match segment {
            "" | "." => {}
            ".." => return Err(Refusal::BadRequest("`..` in path")),
            s => rel.push(s),
        }
    }
    // Every piece must be a plain name: no root, no prefix, no parent.
    if !rel.components().all(|c| matches!(c, Component::Normal(_))) {
        return Err(Refusal::BadRequest("path is not relative"));
    }
    if decoded.ends_with('/') {
        rel.push("index.html");
    }
    Ok(rel)
}

fn percent_decode(s: &str) -> Result<String, Refusal> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or(Refusal::BadRequest("bad percent-escape"))?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| Refusal::BadRequest("path is not UTF-8"))
}

/// The Content-Type for a file name.
pub fn mime(path: &Path) -> &'static str {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("html" | "htm") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("css") => "text/css; charset=utf-8",
        Some("json" | "map") => "application/json",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("ico") => "image/x-icon",
        Some("txt") => "text/plain; charset=utf-8",
        Some("woff2") => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// Whether an `Accept-Encoding` header's value takes gzip (`gzip`, `gzip;q=0.8`, `*`; not
/// `gzip;q=0`).
pub fn accepts_gzip(accept_encoding: &str) -> bool {
    accept_encoding.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let coding = parts.next().unwrap_or("").to_ascii_lowercase();
        let q = parts
            .find_map(|p| p.strip_prefix("q=").or_else(|| p.strip_prefix("Q=")))
            .map_or(Some(1.0), |q| q.parse::<f64>().ok());
        (coding == "gzip" || coding == "*") && q.is_some_and(|q| q > 0.0)
    })
}

/// Whether a Content-Type is worth compressing (images other than SVG already are).
fn compressible(content_type: &str) -> bool {
    content_type.starts_with("text/")
        || ["application/wasm", "application/json", "image/svg+xml"].contains(&content_type)
}

/// A running server; stops when [`Server::stop`] is called.
pub struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Serves `root` on 127.0.0.1:`port` (0 picks a free port) in a background thread.
    pub fn start(root: &Path, port: u16, log: bool) -> Result<Server, String> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port)).map_err(|e| {
            format!("cannot listen on 127.0.0.1:{port}: {e} (another port: --port N; any free one: --port 0)")
        })?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        // Canonical, so a symlink inside the site cannot point outside it.
        let root = root.canonicalize().map_err(|e| format!("{}: {e}", root.display()))?;
        let stop = Arc::new(AtomicBool::new(false));
        let stop_flag = Arc::clone(&stop);
        let gzips = Arc::new(GzipCache::default());
        let thread = std::thread::spawn(move || {
            for conn in listener.incoming() {
                if stop_flag.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = conn else { continue };
                let (root, gzips) = (root.clone(), Arc::clone(&gzips));
                std::thread::spawn(move || {
                    // A client that hangs up early is its own problem.
                    let _ = handle(stream, &root, &gzips, log);
                });
            }
        });
        Ok(Server { addr, stop, thread: Some(thread) })
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Blocks for as long as the server runs (until the process is interrupted).
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect(self.addr);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if self.thread.is_some() {
            self.shutdown();
        }
    }
}

struct Response {
    status: u16,
    reason: &'static str,
    content_type: &'static str,
    body: Arc<Vec<u8>>,
    extra: Vec<(&'static str, String)>,
    /// The file served and its modification time (200 only): what the gzip cache is keyed on.
    file: Option<(PathBuf, SystemTime)>,
}

impl Response {
    fn text(status: u16, reason: &'static str, body: &str) -> Response {
        Response {
            status,
            reason,
            content_type: "text/plain; charset=utf-8",
            body: Arc::new(format!("{body}\n").into_bytes()),
            extra: Vec::new(),
            file: None,
        }
    }
}

/// Answers the requests of one connection in turn, until the client closes it, asks for
/// `Connection: close` or stays idle for 10 s. Kept alive as a static host keeps it: a page
/// asks for ~30 modules over Chromium's 6 connections per host, and a new TCP connection
/// (and thread) per module delayed the figure's first frame by about 70 ms.
fn handle(stream: TcpStream, root: &Path, gzips: &GzipCache, log: bool) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    // A response goes out in two writes (head, body): Nagle's algorithm would hold the body
    // back until the client's delayed ACK of the head, 40 ms per response on a kept connection.
    stream.set_nodelay(true)?;
    let mut reader = BufReader::new(stream.try_clone()?);
    while let Some(request) = read_request(&mut reader)? {
        let mut response = respond(&request.method, &request.target, root);
        if response.status == 200 && compressible(response.content_type) {
            response.extra.push(("Vary", "Accept-Encoding".into()));
            if request.gzip {
                response.body = gzips.get(&response)?;
                response.extra.push(("Content-Encoding", "gzip".into()));
            }
        }
        if log {
            println!("{} {} {}", response.status, request.method, request.target);
        }
        write_response(&stream, &response, request.method == "HEAD", request.keep_alive)?;
        if !request.keep_alive {
            break;
        }
    }
    Ok(())
}

/// What the server reads of a request: its line and the two headers it heeds.
struct Request {
    method: String,
    target: String,
    gzip: bool,
    keep_alive: bool,
}

/// The next request on a connection, or `None` once the client has closed it.
fn read_request(reader: &mut BufReader<TcpStream>) -> std::io::Result<Option<Request>> {
    let mut request_line = String::new();
    // Bounded reads: the request line and headers of a GET fit easily in 8 KiB.
    if reader.by_ref().take(8192).read_line(&mut request_line)? == 0 {
        return Ok(None);
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or("").to_string(), parts.next().unwrap_or("").to_string());
    // HTTP/1.1 keeps a connection open unless told otherwise; 1.0 (and anything else) does not.
    let mut keep_alive = parts.next() == Some("HTTP/1.1");
    let mut gzip = false;
    loop {
        let mut header = String::new();
        let n = reader.by_ref().take(8192).read_line(&mut header)?;
        if n == 0 || header == "\r\n" || header == "\n" {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            let (name, value) = (name.trim(), value.trim());
            gzip |= name.eq_ignore_ascii_case("accept-encoding") && accepts_gzip(value);
            keep_alive &= !(name.eq_ignore_ascii_case("connection") && value.eq_ignore_ascii_case("close"));
        }
    }
    Ok(Some(Request { method, target, gzip, keep_alive }))
}

fn respond(method: &str, target: &str, root: &Path) -> Response {
    if method != "GET" && method != "HEAD" {
        let mut r = Response::text(405, "Method Not Allowed", "only GET and HEAD");
        r.extra.push(("Allow", "GET, HEAD".into()));
        return r;
    }
    let rel = match resolve(target) {
        Ok(rel) => rel,
        Err(Refusal::BadRequest(why)) => return Response::text(400, "Bad Request", why),
    };
    let path = root.join(&rel);
    if path.is_dir() {
        let mut r = Response::text(301, "Moved Permanently", "moved");
        let location = format!("{}/", target.split(['?', '#']).next().unwrap_or("/"));
        r.extra.push(("Location", location));
        return r;
    }
    let not_found = || Response::text(404, "Not Found", "not found");
    // Only regular files that really are inside the site (after following symlinks).
    match path.canonicalize() {
        Ok(real) if real.starts_with(root) && real.is_file() => {
            let modified = std::fs::metadata(&real).and_then(|m| m.modified());
            match (std::fs::read(&real), modified) {
                (Ok(body), Ok(modified)) => Response {
                    status: 200,
                    reason: "OK",
                    content_type: mime(&rel),
                    body: Arc::new(body),
                    extra: Vec::new(),
                    file: Some((real, modified)),
                },
                _ => not_found(),
            }
        }
        _ => not_found(),
    }
}

/// Each file's gzipped body, kept while the file's modification time and length stay the same.
#[derive(Default)]
struct GzipCache {
    bodies: Mutex<HashMap<PathBuf, Gzipped>>,
}

/// One version of a file, compressed.
struct Gzipped {
    modified: SystemTime,
    len: usize,
    body: Arc<Vec<u8>>,
}

impl GzipCache {
    /// `r`'s body gzipped: from the cache if this version of its file was compressed before.
    fn get(&self, r: &Response) -> std::io::Result<Arc<Vec<u8>>> {
        let Some((path, modified)) = &r.file else { return gzipped(&r.body).map(Arc::new) };
        let fresh = |e: &&Gzipped| e.modified == *modified && e.len == r.body.len();
        if let Some(e) = self.bodies.lock().unwrap().get(path).filter(fresh) {
            return Ok(Arc::clone(&e.body));
        }
        let body = Arc::new(gzipped(&r.body)?);
        let entry = Gzipped { modified: *modified, len: r.body.len(), body: Arc::clone(&body) };
        self.bodies.lock().unwrap().insert(path.clone(), entry);
        Ok(body)
    }
}

/// gzip at level 6, what nginx and most hosts compress with (`gzip -6`).
fn gzipped(body: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
    gz.write_all(body)?;
    gz.finish()
}

fn write_response(
    mut stream: &TcpStream,
    r: &Response,
    head_only: bool,
    keep_alive: bool,
) -> std::io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
         Cache-Control: no-cache\r\nContent-Security-Policy: {CSP}\r\n\
         X-Content-Type-Options: nosniff\r\nConnection: {}\r\n",
        r.status,
        r.reason,
        r.content_type,
        r.body.len(),
        if keep_alive { "keep-alive" } else { "close" }
    );
    for (name, value) in &r.extra {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(&r.body)?;
    }
    stream.flush()
}

/// `cargo xtask serve [--port N]`: builds, then serves until interrupted.
pub fn serve(args: &[String]) -> Result<(), String> {
    let port = parse_port(args)?;
    let dist = crate::build::build()?;
    let server = Server::start(&dist, port, true)?;
    println!("\nxtask: serving {} at {}", dist.display(), server.url());
    println!("xtask: press Ctrl-C to stop");
    server.wait();
    Ok(())
}

fn parse_port(args: &[String]) -> Result<u16, String> {
    let mut port = 8000;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = match a.strip_prefix("--port=") {
            Some(v) => v,
            None if a == "--port" => it.next().ok_or("--port needs a number (0 to 65535)")?,
            None => return Err(format!("unexpected argument {a:?}; usage: cargo xtask serve [--port N]")),
        };
        port = value
            .parse()
            .map_err(|_| format!("--port {value:?}: allowed: a number from 0 (any free port) to 65535"))?;
    }
    Ok(port)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(target: &str) -> PathBuf {
        resolve(target).unwrap_or_else(|e| panic!("{target}: {e:?}"))
    }

    fn refused(target: &str) -> bool {
        matches!(resolve(target), Err(Refusal::BadRequest(_)))
    }

    #[test]
    fn plain_paths_map_inside_the_site() {
        assert_eq!(ok("/"), PathBuf::from("index.html"));
        assert_eq!(ok("/index.html"), PathBuf::from("index.html"));
        assert_eq!(ok("/pkg/ipc_wall_bg.wasm"), PathBuf::from("pkg/ipc_wall_bg.wasm"));
        assert_eq!(ok("/www/"), PathBuf::from("www/index.html"));
        assert_eq!(ok("/www/app.js?v=2#top"), PathBuf::from("www/app.js"));
        assert_eq!(ok("/?v0=1"), PathBuf::from("index.html"));
        assert_eq!(ok("//www//./app.js"), PathBuf::from("www/app.js"));
        assert_eq!(ok("/a%20b.css"), PathBuf::from("a b.css"));
    }

    #[test]
    fn traversal_is_refused_in_every_spelling() {
        for t in [
            "/..",
            "/../etc/passwd",
            "/www/../../etc/passwd",
            "/www/..",
            "/%2e%2e/etc/passwd",
            "/%2E%2E/etc/passwd",
            "/.%2e/etc/passwd",
            "/www%2f..%2f..%2fetc%2fpasswd",
            "/..%5cetc%5cpasswd",
            "/www\\..\\secret",
            "/%5c%5cserver%5cshare",
            "etc/passwd",
            "http://example.com/etc/passwd",
            "",
            "/%00",
            "/%zz",
            "/%2",
            "/%ff%fe",
        ] {
            assert!(refused(t), "{t:?} was not refused: {:?}", resolve(t));
        }
    }

    #[test]
    fn resolved_paths_never_leave_the_root() {
        // Whatever comes in, an accepted path is a plain relative path.
        for t in ["/a/b/c", "/./a", "/a/./b/", "//", "/C:/x", "/~/x"] {
            let p = ok(t);
            assert!(
                p.is_relative() && p.components().all(|c| matches!(c, Component::Normal(_))),
                "{t:?} -> {p:?}"
            );
        }
    }

    #[test]
    fn mime_types() {
        assert_eq!(mime(Path::new("pkg/ipc_wall_bg.wasm")), "application/wasm");
        assert_eq!(mime(Path::new("pkg/ipc_wall.js")), "text/javascript; charset=utf-8");
        assert_eq!(mime(Path::new("index.html")), "text/html; charset=utf-8");
        assert_eq!(mime(Path::new("www/style.css")), "text/css; charset=utf-8");
        assert_eq!(mime(Path::new("a.PNG")), "image/png");
        assert_eq!(mime(Path::new("a.json")), "application/json");
        assert_eq!(mime(Path::new("a.svg")), "image/svg+xml");
        assert_eq!(mime(Path::new("LICENSE")), "application/octet-stream");
    }

    #[test]
    fn gzip_is_taken_when_offered_with_a_weight_above_zero() {
        for yes in
            ["gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "GZIP", "*", " deflate , gzip ; q=0.5"]
        {
            assert!(accepts_gzip(yes), "{yes:?}");
        }
        for no in ["", "identity", "br", "gzip;q=0", "gzip;q=0.0, br", "x-gzip2", "gzip;q=nope"] {
            assert!(!accepts_gzip(no), "{no:?}");
        }
    }

    #[test]
    fn port_option() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(parse_port(&args(&[])), Ok(8000));
        assert_eq!(parse_port(&args(&["--port", "0"])), Ok(0));
        assert_eq!(parse_port(&args(&["--port=8123"])), Ok(8123));
        assert!(parse_port(&args(&["--port"])).is_err());
        assert!(parse_port(&args(&["--port", "70000"])).is_err());
        assert!(parse_port(&args(&["--bind", "0.0.0.0"])).is_err());
    }

    /// A raw HTTP/1.1 exchange on a connection of its own (closed after it); returns
    /// (status line, headers, body).
    fn get(addr: SocketAddr, request: &str) -> (String, String, Vec<u8>) {
        let mut s = TcpStream::connect(addr).unwrap();
        s.write_all(request.replacen("\r\n", "\r\nConnection: close\r\n", 1).as_bytes()).unwrap();
        let mut all = Vec::new();
        s.read_to_end(&mut all).unwrap();
        let split = all.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let head = String::from_utf8(all[..split].to_vec()).unwrap();
        let body = all[split + 4..].to_vec();
        let (status, headers) = head.split_once("\r\n").unwrap_or((&head, ""));
        (status.to_string(), headers.to_string(), body)
    }

    #[test]
    fn serves_files_with_types_and_refuses_the_rest() {
        let base = std::env::temp_dir().join(format!("xtask-serve-test-{}", std::process::id()));
        let site = base.join("site");
        std::fs::create_dir_all(site.join("pkg")).unwrap();
        std::fs::write(site.join("index.html"), "<!doctype html>hi").unwrap();
        std::fs::write(site.join("pkg/m_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
        std::fs::write(base.join("secret.txt"), "outside").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(base.join("secret.txt"), site.join("link.txt")).unwrap();

        let server = Server::start(&site, 0, false).unwrap();
        let addr = server.addr;
        // Loopback only: nobody else on the network can reach a dev server.
        assert_eq!(addr.ip(), std::net::Ipv4Addr::LOCALHOST, "{addr}");
        assert!(server.url().starts_with("http://127.0.0.1:"), "{}", server.url());
        let req = |m: &str, t: &str| get(addr, &format!("{m} {t} HTTP/1.1\r\nHost: x\r\n\r\n"));

        let (status, headers, body) = req("GET", "/");
        assert_eq!(status, "HTTP/1.1 200 OK");
        assert!(headers.contains("Content-Type: text/html; charset=utf-8"), "{headers}");
        assert!(headers.contains("Cache-Control: no-cache"), "{headers}");
        assert!(headers.contains(&format!("Content-Security-Policy: {CSP}")), "{headers}");
        assert_eq!(body, b"<!doctype html>hi");

        let (status, headers, body) = req("GET", "/pkg/m_bg.wasm");
        assert_eq!(status, "HTTP/1.1 200 OK");
        assert!(headers.contains("Content-Type: application/wasm"), "{headers}");
        assert!(headers.contains("Content-Length: 8"), "{headers}");
        assert_eq!(body, b"\0asm\x01\0\0\0");

        let (status, headers, body) = req("HEAD", "/index.html");
        assert_eq!(status, "HTTP/1.1 200 OK");
        assert!(headers.contains("Content-Length: 17"), "{headers}");
        assert!(body.is_empty());

        assert_eq!(req("GET", "/nope.js").0, "HTTP/1.1 404 Not Found");
        assert_eq!(req("GET", "/pkg").0, "HTTP/1.1 301 Moved Permanently");
        assert_eq!(req("POST", "/").0, "HTTP/1.1 405 Method Not Allowed");
        for t in ["/../secret.txt", "/%2e%2e/secret.txt", "/pkg/..%2f..%2fsecret.txt", "/..\\secret.txt"] {
            let (status, _, body) = req("GET", t);
            assert_eq!(status, "HTTP/1.1 400 Bad Request", "{t}");
            assert!(!String::from_utf8_lossy(&body).contains("outside"), "{t}");
        }
        #[cfg(unix)]
        assert_eq!(req("GET", "/link.txt").0, "HTTP/1.1 404 Not Found");

        // Compressed to a client that takes gzip, the same bytes once inflated; plain otherwise.
        let page = "<!doctype html>".to_string() + &"the same words again and again ".repeat(200);
        std::fs::write(site.join("big.html"), &page).unwrap();
        let (status, headers, body) =
            get(addr, "GET /big.html HTTP/1.1\r\nAccept-Encoding: gzip, br\r\n\r\n");
        assert_eq!(status, "HTTP/1.1 200 OK");
        assert!(headers.contains("Content-Encoding: gzip"), "{headers}");
        assert!(headers.contains("Vary: Accept-Encoding"), "{headers}");
        assert!(headers.contains(&format!("Content-Length: {}", body.len())), "{headers}");
        assert!(body.len() < page.len() / 10, "{} bytes", body.len());
        let mut inflated = String::new();
        flate2::read::GzDecoder::new(body.as_slice()).read_to_string(&mut inflated).unwrap();
        assert_eq!(inflated, page);
        let (_, headers, body) = get(addr, "GET /pkg/m_bg.wasm HTTP/1.1\r\naccept-encoding: gzip\r\n\r\n");
        assert!(headers.contains("Content-Encoding: gzip") && body.starts_with(&[0x1f, 0x8b]), "{headers}");
        // Compressed once per version of a file: a rebuilt file is never served stale.
        let inflate = |body: Vec<u8>| {
            let mut s = String::new();
            flate2::read::GzDecoder::new(body.as_slice()).read_to_string(&mut s).unwrap();
            s
        };
        let gz_get = || get(addr, "GET /big.html HTTP/1.1\r\nAccept-Encoding: gzip\r\n\r\n").2;
        assert_eq!(inflate(gz_get()), page);
        let rebuilt = page.replace("again", "anew");
        std::fs::write(site.join("big.html"), &rebuilt).unwrap();
        assert_eq!(inflate(gz_get()), rebuilt);
        std::fs::write(site.join("big.html"), &page).unwrap();
        for plain in ["", "Accept-Encoding: br\r\n", "Accept-Encoding: gzip;q=0\r\n"] {
            let (_, headers, body) = get(addr, &format!("GET /big.html HTTP/1.1\r\n{plain}\r\n"));
            assert!(!headers.contains("Content-Encoding"), "{plain:?}: {headers}");
            assert_eq!(body, page.as_bytes(), "{plain:?}");
        }

        // One connection carries request after request (a page's modules), until it asks to close.
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut reader = BufReader::new(s.try_clone().unwrap());
        for (target, len) in [("/", 17), ("/pkg/m_bg.wasm", 8), ("/index.html", 17)] {
            s.write_all(format!("GET {target} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes()).unwrap();
            let mut head = String::new();
            while !head.ends_with("\r\n\r\n") {
                assert!(reader.read_line(&mut head).unwrap() > 0, "{target}: connection closed");
            }
            assert!(head.starts_with("HTTP/1.1 200 OK") && head.contains("Connection: keep-alive"), "{head}");
            assert!(head.contains(&format!("Content-Length: {len}")), "{head}");
            reader.by_ref().take(len).read_to_end(&mut Vec::new()).unwrap();
        }
        s.write_all(b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n").unwrap();
        let mut rest = Vec::new();
        reader.read_to_end(&mut rest).unwrap();
        let rest = String::from_utf8_lossy(&rest);
        assert!(rest.contains("Connection: close") && rest.ends_with("hi"), "{rest}");

        server.stop();
        assert!(TcpStream::connect(addr).is_err(), "still listening after stop");
        std::fs::remove_dir_all(&base).unwrap();
    }
}
