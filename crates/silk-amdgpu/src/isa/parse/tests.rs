//! Unit tests of the parser's byte scanners.

use super::*;

#[test]
fn dpp8_key_agrees_with_a_plain_search() {
    for len in 0..30 {
        for at in 0..len {
            for key in [&b"dpp8:"[..], b"dpp8", b"dpp:", b":"] {
                let mut t = vec![b'd'; len];
                for (k, &c) in key.iter().enumerate() {
                    if at + k < len {
                        t[at + k] = c;
                    }
                }
                let want = t.windows(5).any(|w| w == b"dpp8:");
                assert_eq!(has_dpp8_key(&t), want, "{:?}", String::from_utf8_lossy(&t));
            }
        }
    }
}

#[test]
fn trim_end_agrees_with_str() {
    for t in [
        "",
        " ",
        "a",
        " a ",
        "a\t\r\n",
        "a\u{a0}",
        "a \u{a0} ",
        "\u{3000}",
        "é \x0b\x0c",
        "a\x1f",
        "\u{85}\n",
    ] {
        assert_eq!(trim_end(t), t.trim_end(), "{t:?}");
    }
}

/// Against a plain search, at every offset and length.
#[test]
fn double_colon_agrees_with_a_plain_search() {
    for len in 0..34 {
        for a in 0..len {
            for b in a..len {
                let mut t = vec![b'v'; len];
                t[a] = b':';
                t[b] = b':';
                let want = t.windows(2).any(|w| w == b"::");
                assert_eq!(
                    has_double_colon(&t),
                    want,
                    "{:?}",
                    String::from_utf8_lossy(&t)
                );
            }
        }
    }
}
