//! The `serde` feature: Square as "e4", Role as its name (reading also the letter), Color as
//! "white"/"black" (reading also "w"/"b"), ByColor as an object; round trips and bad input.

use gambit_rules::{ByColor, Color, Role, Square};

#[test]
fn squares_round_trip_as_names() {
    for sq in Square::all() {
        let text = serde_json::to_string(&sq).unwrap();
        assert_eq!(text, format!("\"{sq}\""));
        assert_eq!(serde_json::from_str::<Square>(&text).unwrap(), sq);
    }
    for bad in ["\"e9\"", "\"i1\"", "\"\"", "\"e44\"", "28", "null", "[\"e4\"]"] {
        assert!(serde_json::from_str::<Square>(bad).is_err(), "{bad}");
    }
    let err = serde_json::from_str::<Square>("\"z9\"").unwrap_err().to_string();
    assert!(err.contains("invalid square \"z9\""), "{err}");
}

#[test]
fn roles_round_trip_as_lower_case_names_and_read_letters() {
    for role in Role::ALL {
        let text = serde_json::to_string(&role).unwrap();
        assert_eq!(text, format!("\"{}\"", role.name()));
        assert_eq!(serde_json::from_str::<Role>(&text).unwrap(), role);
        assert_eq!(serde_json::from_str::<Role>(&format!("\"{}\"", role.char())).unwrap(), role);
        assert_eq!(serde_json::from_str::<Role>(&format!("\"{}\"", role.upper_char())).unwrap(), role);
    }
    assert_eq!(serde_json::to_string(&Role::Knight).unwrap(), "\"knight\"");
    for bad in ["\"Knight\"", "\"horse\"", "\"\"", "\"x\"", "1", "true"] {
        assert!(serde_json::from_str::<Role>(bad).is_err(), "{bad}");
    }
}

#[test]
fn colors_round_trip_as_names() {
    assert_eq!(serde_json::to_string(&Color::White).unwrap(), "\"white\"");
    assert_eq!(serde_json::to_string(&Color::Black).unwrap(), "\"black\"");
    for color in Color::ALL {
        let text = serde_json::to_string(&color).unwrap();
        assert_eq!(serde_json::from_str::<Color>(&text).unwrap(), color);
    }
    assert_eq!(serde_json::from_str::<Color>("\"w\"").unwrap(), Color::White);
    for bad in ["\"White\"", "\"red\"", "0", "\"\""] {
        assert!(serde_json::from_str::<Color>(bad).is_err(), "{bad}");
    }
}

#[test]
fn by_color_is_an_object_with_white_and_black() {
    let by = ByColor::new(Some(Square::new(4).unwrap()), None);
    let text = serde_json::to_string(&by).unwrap();
    assert_eq!(text, r#"{"white":"e1","black":null}"#);
    assert_eq!(serde_json::from_str::<ByColor<Option<Square>>>(&text).unwrap(), by);
    assert!(serde_json::from_str::<ByColor<u8>>(r#"{"white":1}"#).is_err());
}

/// The forms today's save files use (crates/roguelite/src/types.rs `role_serde`/`square_serde`, the
/// skills log's colour names) read back unchanged.
#[test]
fn reads_the_save_file_forms() {
    #[derive(serde::Deserialize, serde::Serialize, PartialEq, Debug)]
    struct Unit {
        role: Role,
        square: Square,
        side: Color,
    }
    let text = r#"{"role":"rook","square":"h1","side":"black"}"#;
    let unit: Unit = serde_json::from_str(text).unwrap();
    assert_eq!(unit, Unit { role: Role::Rook, square: "h1".parse().unwrap(), side: Color::Black });
    assert_eq!(serde_json::to_string(&unit).unwrap(), text);
}
