use super::*;

#[test]
fn pieces_split_at_placeholders_and_refuse_stray_braces() {
    let p = pieces("waited {fair.waited J1|s} s").unwrap();
    assert_eq!(p, vec![Piece::Lit("waited "), Piece::Hole("fair.waited J1|s"), Piece::Lit(" s")]);
    assert!(pieces("a {b").unwrap_err().contains("unclosed"));
    assert!(pieces("a } b").unwrap_err().contains("'}'"));
    assert!(pieces("a {b {c}}").is_err());
}

#[test]
fn formats_write_seconds_percentages_and_decimals() {
    let f = |s: &str| parse_hole(s).unwrap().format;
    assert_eq!(write(&Val::Num(5500.0), f("x|s"), Lang::En), "5.5");
    assert_eq!(write(&Val::Num(0.9714), f("x|%.1"), Lang::En), "97.1");
    assert_eq!(write(&Val::Num(0.3333), f("x"), Lang::En), "0.33");
    assert_eq!(write(&Val::Num(6.0), f("x|.2"), Lang::En), "6.00");
    assert_eq!(write(&Val::Num(-1.0), f("x"), Lang::En), "−1");
    assert_eq!(write(&Val::Word("exceeded", "已超出"), f("x"), Lang::Zh), "已超出");
    assert!(parse_hole("x|q").unwrap_err().contains("expected s, %"));
    assert!(parse_hole(" ").unwrap_err().contains("empty"));
}

#[test]
fn config_paths_read_numbers_and_name_what_is_missing() {
    let v: Value = serde_json::json!({"fair": {"properties": {"a.b": 5000, "s": "50"}}, "l": [1, 2]});
    assert_eq!(config::value("$.fair.properties[\"a.b\"]", &v), Ok(Val::Num(5000.0)));
    assert_eq!(config::value("$.fair.properties.s", &v), Ok(Val::Num(50.0)));
    assert_eq!(config::value("$.l[1]", &v), Ok(Val::Num(2.0)));
    assert_eq!(config::value("$.fair.nope", &v).unwrap_err(), "the scenario has no $.fair.nope");
    assert!(config::value("$.fair", &v).unwrap_err().contains("expected a number"));
}

#[test]
fn check_names_unknown_values_jobs_and_queues() {
    let k = Known { jobs: Some(vec![1, 2]), groups: vec!["research".into()], ..Default::default() };
    let mut errs = Errs::default();
    check("{fair.waitd J1} {fair.waited J3} {cap.used prod} {cap.used research map} {time}", "$.t", &k, &mut errs);
    let msgs: Vec<String> = errs.0.iter().map(|e| format!("{}: {}", e.path, e.message)).collect();
    assert_eq!(msgs.len(), 3, "{msgs:?}");
    assert!(msgs[0].starts_with("$.t: placeholder {fair.waitd J1}: unknown value") && msgs[0].contains("fair.waited"));
    assert!(msgs[1].contains("found \"J3\"") && msgs[1].contains("a job the scenario submits"));
    assert!(msgs[2].contains("found \"prod\"") && msgs[2].contains("research"));
}

#[test]
fn skeleton_leaves_only_hand_written_text() {
    assert_eq!(skeleton("J1 waited {fair.waited J1|s} s", "#"), "J1 waited # s");
}
