//! The article's table, byte for byte.
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

/// The table as the article prints it (`../shared/article/004_edd5e71f459f89be.txt`).
const ARTICLE_TABLE: &str = "\
wall at 0.503 m, thickness 20 mm, h = 10 ms
 v0[m/s] | pen k=1e4     | pen k=1e6     | IPC d^=1mm
       1 | stop  5.00 mm | stop  0.07 mm | gap  166.4 um, newton  8
       2 | through       | stop  0.17 mm | gap   71.0 um, newton  8
       5 | through       | through       | gap   24.0 um, newton  9
      10 | through       | through       | gap   11.1 um, newton 10
      20 | through       | through       | gap   10.4 um, newton 11
      50 | through       | through       | gap    2.1 um, newton 12
";

fn cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ipc-wall")).args(args).output().expect("run the CLI")
}

#[test]
fn cli_table_is_the_articles_byte_for_byte() {
    let out = cli(&["table"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), ARTICLE_TABLE);
    assert!(out.stderr.is_empty());
}

#[test]
fn library_table_matches_too() {
    use ipc_wall::table::{format_table, ARTICLE_K, ARTICLE_V0};
    assert_eq!(format_table(&ipc_wall::Params::default(), &ARTICLE_V0, &ARTICLE_K), ARTICLE_TABLE);
}

/// The copy above is the article's own text, when the article is beside the checkout.
#[test]
fn expected_table_is_copied_from_the_article() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/article/004_edd5e71f459f89be.txt");
    let Ok(article) = std::fs::read_to_string(path) else {
        eprintln!("article not found at {path}; comparing with the embedded copy only");
        return;
    };
    assert!(article.contains(ARTICLE_TABLE.trim_end()), "the article's table differs from the embedded copy");
}
