//! The web app's modules form no cycle: every module's non-test code depends only on
//! modules below it (web and i18n at the bottom; then the adapters, config and routes;
//! the table's state, source and bot driver; what a screen works out; the components; the
//! pages; the app at the top). Read from the source text: `crate::a::b` paths and `super::`
//! imports, test modules left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/pages/table/mod.rs` → `pages::table`; `None` for the crate roots and binaries.
fn module_of(src: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(src).ok()?.with_extension("");
    let parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    match parts.first().map(String::as_str) {
        Some("bin" | "main" | "lib") | None => None,
        _ => Some(
            parts
                .iter()
                .filter(|p| *p != "mod")
                .cloned()
                .collect::<Vec<_>>()
                .join("::"),
        ),
    }
}

/// The longest known module that `path` (`a::b::Item`) names.
fn known(path: &str, modules: &BTreeSet<String>) -> Option<String> {
    let mut parts: Vec<&str> = path.split("::").collect();
    while !parts.is_empty() {
        let m = parts.join("::");
        if modules.contains(&m) {
            return Some(m);
        }
        parts.pop();
    }
    None
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let files: BTreeMap<String, PathBuf> = files
        .into_iter()
        .filter_map(|f| Some((module_of(&src, &f)?, f)))
        .collect();
    let modules: BTreeSet<String> = files.keys().cloned().collect();
    let mut edges = BTreeMap::new();
    for (m, file) in &files {
        let text = std::fs::read_to_string(file).expect("a source file");
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let mut deps = BTreeSet::new();
        let parent = m.rsplit_once("::").map(|(p, _)| p.to_string());
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for (i, _) in line.match_indices("crate::") {
                let rest = &line[i + "crate::".len()..];
                let end = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                    .unwrap_or(rest.len());
                if let Some(d) = known(rest[..end].trim_end_matches(':'), &modules) {
                    deps.insert(d);
                }
            }
            if let (Some(p), true) = (&parent, line.contains("super::")) {
                deps.insert(p.clone());
            }
        }
        deps.remove(m);
        edges.insert(m.clone(), deps);
    }
    edges
}

/// The cycles of `edges`: its strongly connected components of more than one module.
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Kosaraju: finish order on the graph, then components on the reversed graph.
    fn visit<'a>(
        v: &'a str,
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        seen: &mut BTreeSet<&'a str>,
        out: &mut Vec<&'a str>,
    ) {
        if !seen.insert(v) {
            return;
        }
        for w in edges.get(v).into_iter().flatten() {
            visit(w, edges, seen, out);
        }
        out.push(v);
    }
    let mut order = Vec::new();
    let mut seen = BTreeSet::new();
    for v in edges.keys() {
        visit(v, edges, &mut seen, &mut order);
    }
    let mut reversed: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (v, ws) in edges {
        for w in ws {
            reversed.entry(w.clone()).or_default().insert(v.clone());
        }
    }
    let mut seen = BTreeSet::new();
    let mut found = Vec::new();
    for v in order.into_iter().rev() {
        let mut comp = Vec::new();
        visit(v, &reversed, &mut seen, &mut comp);
        if comp.len() > 1 {
            found.push(comp.into_iter().map(str::to_string).collect());
        }
    }
    found
}

#[test]
fn the_web_apps_modules_form_no_cycle() {
    let edges = graph();
    // The reading works: the table's page depends on the state and the components.
    assert!(edges["pages::table"].contains("state"));
    assert!(edges["pages::table"].contains("components::trick"));
    assert!(edges.len() > 60, "{} modules", edges.len());
    assert_eq!(cycles(&edges), Vec::<Vec<String>>::new());
}

#[test]
fn a_cycle_is_found() {
    let mut edges = BTreeMap::new();
    let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    edges.insert("a".to_string(), set(&["b"]));
    edges.insert("b".to_string(), set(&["c"]));
    edges.insert("c".to_string(), set(&["a"]));
    edges.insert("d".to_string(), set(&["a"]));
    let found = cycles(&edges);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].len(), 3);
}
