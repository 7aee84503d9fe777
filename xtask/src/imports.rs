//! The module graph of one crate, for tidy's floor and circle rules.
//!
//! A module is a source file: `src/lib.rs` (or `src/main.rs`) is `crate`, `src/a/mod.rs` and
//! `src/a.rs` are `crate::a`, `src/a/b.rs` is `crate::a::b`; an inline `mod x { ... }` (tests) belongs
//! to its file. Module `m` imports module `t` when the code of `m` names a path that resolves into `t`:
//! a `use` tree (every leaf), or a path in an expression, type, pattern or macro body (`crate::t::f`,
//! `super::t::X`, `t::X` where `t` is a child module or a name brought in by a `use`). A path that
//! names an item a module re-exports (`pub use`, `pub(crate) use`, globs included) imports the
//! module at the end of the chain, the one that defines the item (none for an item of another crate),
//! not the re-exporting one. Items compiled only for tests (`#[cfg(test)]`) are left out. Comments and strings are not
//! code (the sources are parsed with `syn`); `mod` declarations are not imports. External crates and
//! the standard library are not modules of the graph.
//!
//! Source: the reading of the app ("22 of its 59 modules import each other in one circle")
//! counts the same way: use trees and inline `crate::`/`super::` paths, comments ignored.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use syn::visit::Visit;

/// A module path, its segments after `crate` (the crate root is the empty path).
pub(crate) type ModulePath = Vec<String>;

/// How a module path is written in messages: `crate`, `crate::a::b`.
pub(crate) fn display(module: &[String]) -> String {
    if module.is_empty() { "crate".to_string() } else { format!("crate::{}", module.join("::")) }
}

/// One crate's modules and the modules each imports (never itself).
#[derive(Debug, Default)]
pub(crate) struct Graph {
    /// Every module and the modules it imports.
    pub edges: BTreeMap<ModulePath, BTreeSet<ModulePath>>,
}

/// What one module's `use` items say.
#[derive(Debug, Default, Clone)]
struct Uses {
    /// A name brought in by `use` and the absolute path it stands for (the crate's own paths only).
    aliases: BTreeMap<String, Vec<String>>,
    /// The names a `pub use` re-exports, with the absolute path each stands for.
    exports: BTreeMap<String, Vec<String>>,
    /// The absolute paths of `pub use ...::*` (whose names are not known one by one).
    glob_exports: Vec<Vec<String>>,
    /// The names a `pub use` re-exports from outside the crate.
    external_exports: BTreeSet<String>,
}

/// The module path of `file` (relative to the crate's `src/`), or `None` for a file that is not a
/// module of the library (a binary's own root when the crate has a library, `src/bin/*`).
pub(crate) fn module_of(relative: &Path) -> Option<ModulePath> {
    let parts: Vec<String> =
        relative.iter().map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string()).collect();
    match parts.as_slice() {
        [root] if root == "lib" || root == "main" => Some(Vec::new()),
        [first, ..] if first == "bin" => None,
        [dirs @ .., last] if last == "mod" => Some(dirs.to_vec()),
        all => Some(all.to_vec()),
    }
}

/// The graph of the sources `files` (module path, source text). Errors: a file that does not parse.
pub(crate) fn graph(files: &[(ModulePath, String)]) -> Result<Graph, String> {
    let modules: BTreeSet<ModulePath> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut parsed = Vec::new();
    for (module, text) in files {
        let file = syn::parse_file(text).map_err(|e| format!("{}: {e}", display(module)))?;
        parsed.push((module.clone(), file));
    }
    // First every module's `use` items (aliases and re-exports), then the paths of its code.
    let mut uses: BTreeMap<ModulePath, Uses> = BTreeMap::new();
    for (module, file) in &parsed {
        let mut collector = UseCollector { modules: &modules, module, uses: Uses::default(), inline: 0 };
        collector.visit_file(file);
        uses.insert(module.clone(), collector.uses);
    }
    let mut graph = Graph::default();
    for (module, file) in &parsed {
        let mut finder = PathFinder {
            resolver: Resolver { modules: &modules, uses: &uses },
            module,
            found: BTreeSet::new(),
            inline: Vec::new(),
        };
        finder.visit_file(file);
        finder.found.remove(module);
        graph.edges.insert(module.clone(), finder.found);
    }
    Ok(graph)
}

/// The absolute path that `segments`, written in `module` (inside `inline` inline modules), stands
/// for when it starts with `crate`, `self` or `super`, or with a child module; `None` otherwise (an
/// external crate, a local item, a name brought in by `use`, which the caller looks up).
fn anchor(
    modules: &BTreeSet<ModulePath>,
    module: &[String],
    inline: usize,
    segments: &[String],
) -> Option<Vec<String>> {
    let first = segments.first()?;
    match first.as_str() {
        "crate" => Some(segments[1..].to_vec()),
        "self" => Some(module.iter().chain(&segments[1..]).cloned().collect()),
        "super" => {
            // Each `super` inside an inline module climbs out of it first.
            let supers = segments.iter().take_while(|s| *s == "super").count();
            let climb = supers.saturating_sub(inline);
            if climb > module.len() {
                return None;
            }
            let base = &module[..module.len() - climb];
            Some(base.iter().chain(&segments[supers..]).cloned().collect())
        }
        _ => {
            let mut child = module.to_vec();
            child.push(first.clone());
            modules.contains(&child).then(|| module.iter().chain(segments).cloned().collect())
        }
    }
}

/// Collects the `use` items of one file.
struct UseCollector<'a> {
    modules: &'a BTreeSet<ModulePath>,
    module: &'a ModulePath,
    uses: Uses,
    /// How deep inside inline modules the visitor is (their `use` items are not the file's names).
    inline: usize,
}

impl UseCollector<'_> {
    fn tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree, public: bool) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.tree(prefix, &p.tree, public);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.leaf(prefix, &n.ident.to_string(), &n.ident.to_string(), public),
            syn::UseTree::Rename(r) => self.leaf(prefix, &r.ident.to_string(), &r.rename.to_string(), public),
            syn::UseTree::Glob(_) => {
                if public && let Some(path) = anchor(self.modules, self.module, 0, prefix) {
                    self.uses.glob_exports.push(path);
                }
            }
            syn::UseTree::Group(g) => {
                for item in &g.items {
                    self.tree(prefix, item, public);
                }
            }
        }
    }

    fn leaf(&mut self, prefix: &[String], name: &str, alias: &str, public: bool) {
        let mut segments = prefix.to_vec();
        if name != "self" {
            segments.push(name.to_string());
        }
        let alias =
            if alias == "self" { prefix.last().cloned().unwrap_or_default() } else { alias.to_string() };
        let Some(path) = anchor(self.modules, self.module, 0, &segments).or_else(|| {
            // `use a::b` where `a` is itself a name brought in by an earlier `use`.
            let base = self.uses.aliases.get(segments.first()?)?;
            Some(base.iter().chain(&segments[1..]).cloned().collect())
        }) else {
            // An external item (another crate, the standard library): re-exported, it leads to no
            // module of this crate.
            if public {
                self.uses.external_exports.insert(alias.clone());
            }
            return;
        };
        if public {
            self.uses.exports.insert(alias.clone(), path.clone());
        }
        self.uses.aliases.insert(alias, path);
    }
}

/// Whether an item is compiled only for tests (`#[cfg(test)]`): tests may reach across floors to
/// build what they check, so their imports are not the product's.
fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test"))
}

/// Whether the item `item` is compiled only for tests ([`test_only`] on its attributes).
fn item_test_only(item: &syn::Item) -> bool {
    let attrs = match item {
        syn::Item::Mod(m) => &m.attrs,
        syn::Item::Fn(f) => &f.attrs,
        syn::Item::Use(u) => &u.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Const(c) => &c.attrs,
        syn::Item::Static(c) => &c.attrs,
        syn::Item::Struct(s) => &s.attrs,
        syn::Item::Enum(e) => &e.attrs,
        syn::Item::Trait(t) => &t.attrs,
        syn::Item::Type(t) => &t.attrs,
        syn::Item::Macro(m) => &m.attrs,
        _ => return false,
    };
    test_only(attrs)
}

impl<'ast> Visit<'ast> for UseCollector<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if !item_test_only(item) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        if self.inline == 0 {
            let public = !matches!(item.vis, syn::Visibility::Inherited);
            self.tree(&mut Vec::new(), &item.tree, public);
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        self.inline += 1;
        syn::visit::visit_item_mod(self, item);
        self.inline -= 1;
    }
}

/// Resolves absolute paths to the modules they import.
struct Resolver<'a> {
    modules: &'a BTreeSet<ModulePath>,
    uses: &'a BTreeMap<ModulePath, Uses>,
}

impl Resolver<'_> {
    /// Adds to `found` the module `path` (absolute, after `crate`) lands in, and, when it names an item
    /// that module re-exports, the module at the end of the re-export chain (at most `depth` hops).
    fn resolve(&self, path: &[String], found: &mut BTreeSet<ModulePath>, depth: usize) {
        // The longest prefix that is a module.
        let mut len = path.len();
        while len > 0 && !self.modules.contains(&path[..len].to_vec()) {
            len -= 1;
        }
        let target = path[..len].to_vec();
        let named = path.get(len).zip(self.uses.get(&target));
        if let Some((name, uses)) = named {
            if uses.external_exports.contains(name) {
                return;
            }
            if let Some(origin) = uses.exports.get(name).filter(|_| depth > 0) {
                // A re-exported name imports the module that defines it, not the one that re-exports it.
                let next: Vec<String> = origin.iter().chain(&path[len + 1..]).cloned().collect();
                self.resolve(&next, found, depth - 1);
                return;
            }
        }
        found.insert(target);
        let Some((_, uses)) = named.filter(|_| depth > 0) else { return };
        // The name may come through a glob re-export: each is followed.
        for glob in &uses.glob_exports {
            let next: Vec<String> = glob.iter().chain(&path[len..]).cloned().collect();
            self.resolve(&next, found, depth - 1);
        }
    }
}

/// Finds the paths of one file's code.
struct PathFinder<'a> {
    resolver: Resolver<'a>,
    module: &'a ModulePath,
    found: BTreeSet<ModulePath>,
    /// The inline modules the visitor is in: each one's own `use` aliases.
    inline: Vec<BTreeMap<String, Vec<String>>>,
}

/// How many re-export hops are followed from one path.
const MAX_HOPS: usize = 8;

impl PathFinder<'_> {
    fn segments(&mut self, segments: &[String]) {
        if segments.is_empty() {
            return;
        }
        let inline = self.inline.len();
        let path = anchor(self.resolver.modules, self.module, inline, segments).or_else(|| {
            let first = segments.first()?;
            let base = self
                .inline
                .iter()
                .rev()
                .find_map(|aliases| aliases.get(first))
                .or_else(|| self.resolver.uses.get(self.module)?.aliases.get(first))?;
            Some(base.iter().chain(&segments[1..]).cloned().collect())
        });
        if let Some(path) = path {
            self.resolver.resolve(&path, &mut self.found, MAX_HOPS);
        }
    }

    fn use_tree(
        &mut self,
        prefix: &mut Vec<String>,
        tree: &syn::UseTree,
        aliases: &mut BTreeMap<String, Vec<String>>,
    ) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree, aliases);
                prefix.pop();
            }
            syn::UseTree::Name(syn::UseName { ident })
            | syn::UseTree::Rename(syn::UseRename { ident, .. }) => {
                let mut segments = prefix.clone();
                if ident != "self" {
                    segments.push(ident.to_string());
                }
                let alias = match tree {
                    syn::UseTree::Rename(r) => r.rename.to_string(),
                    _ if ident == "self" => prefix.last().cloned().unwrap_or_default(),
                    _ => ident.to_string(),
                };
                self.segments(&segments);
                if !self.inline.is_empty()
                    && let Some(path) =
                        anchor(self.resolver.modules, self.module, self.inline.len(), &segments)
                {
                    aliases.insert(alias, path);
                }
            }
            syn::UseTree::Glob(_) => self.segments(prefix),
            syn::UseTree::Group(g) => {
                for item in &g.items {
                    self.use_tree(prefix, item, aliases);
                }
            }
        }
    }

    /// Paths inside a macro's tokens (`format!`, `children![...]`, `matches!`): runs of identifiers
    /// joined by `::`.
    fn tokens(&mut self, tokens: proc_macro2::TokenStream) {
        let mut run: Vec<String> = Vec::new();
        let mut colons = 0;
        for token in tokens {
            match token {
                proc_macro2::TokenTree::Ident(ident) => {
                    if colons != 2 && !run.is_empty() {
                        let done = std::mem::take(&mut run);
                        self.macro_path(&done);
                    }
                    run.push(ident.to_string());
                    colons = 0;
                }
                proc_macro2::TokenTree::Punct(p) if p.as_char() == ':' && !run.is_empty() => colons += 1,
                proc_macro2::TokenTree::Group(g) => {
                    let done = std::mem::take(&mut run);
                    self.macro_path(&done);
                    colons = 0;
                    self.tokens(g.stream());
                }
                _ => {
                    let done = std::mem::take(&mut run);
                    self.macro_path(&done);
                    colons = 0;
                }
            }
        }
        self.macro_path(&run);
    }

    /// A path found in macro tokens: only a path of two or more segments (a lone word in a macro body
    /// is too often a local name that happens to equal a module's).
    fn macro_path(&mut self, run: &[String]) {
        if run.len() >= 2 {
            self.segments(run);
        }
    }
}

impl<'ast> Visit<'ast> for PathFinder<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        // A re-export names an item for other modules: its users import the item's own module (the
        // resolver follows the chain), the re-exporting module's code uses it only where it names it.
        if !matches!(item.vis, syn::Visibility::Inherited) {
            return;
        }
        let mut aliases = BTreeMap::new();
        self.use_tree(&mut Vec::new(), &item.tree, &mut aliases);
        if let Some(scope) = self.inline.last_mut() {
            scope.extend(aliases);
        }
    }

    fn visit_item(&mut self, item: &'ast syn::Item) {
        if !item_test_only(item) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if item.content.is_some() {
            self.inline.push(BTreeMap::new());
            syn::visit::visit_item_mod(self, item);
            self.inline.pop();
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.segments(&segments);
        syn::visit::visit_path(self, path);
    }

    /// `pub(crate)`, `pub(super)`, `pub(in path)` name where an item is seen, not what it uses.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.tokens(mac.tokens.clone());
        syn::visit::visit_macro(self, mac);
    }
}

/// The strongly connected components of `graph` with more than one module (Tarjan's algorithm,
/// iterative), each sorted, largest first.
pub(crate) fn circles(graph: &Graph) -> Vec<Vec<ModulePath>> {
    let nodes: Vec<&ModulePath> = graph.edges.keys().collect();
    let index_of: BTreeMap<&ModulePath, usize> = nodes.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let next: Vec<Vec<usize>> = nodes
        .iter()
        .map(|m| graph.edges[*m].iter().filter_map(|t| index_of.get(t).copied()).collect())
        .collect();
    let n = nodes.len();
    let (mut index, mut low, mut on_stack) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut counter, mut components) = (Vec::new(), 0, Vec::new());
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        // (node, next edge to look at)
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (v, ref mut edge)) = work.last_mut() {
            if *edge == 0 && index[v] == usize::MAX {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = next[v].get(*edge) {
                *edge += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(nodes[w].clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    components.push(component);
                }
            }
        }
    }
    components.sort_by_key(|c| std::cmp::Reverse(c.len()));
    components
}

/// Reads the library sources of the crate at `dir` (`dir/src/**.rs`) as (module, text) pairs.
pub(crate) fn read_crate(dir: &Path) -> Vec<(ModulePath, String)> {
    let src = dir.join("src");
    let mut files = Vec::new();
    collect(&src, &mut files);
    let has_lib = src.join("lib.rs").exists();
    let mut out = Vec::new();
    for f in files {
        let relative = f.strip_prefix(&src).expect("under src");
        if has_lib && relative == Path::new("main.rs") {
            continue;
        }
        if let Some(module) = module_of(relative) {
            out.push((module, std::fs::read_to_string(&f).expect("readable source")));
        }
    }
    out
}

fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> =
        std::fs::read_dir(dir).expect("readable dir").flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The 1-based line ranges (inclusive) of a file's `#[cfg(test)]` items.
pub(crate) fn test_ranges(file: &syn::File) -> Vec<(usize, usize)> {
    use syn::spanned::Spanned;
    let span = |item: &syn::Item| (item.span().start().line, item.span().end().line);
    file.items.iter().filter(|item| item_test_only(item)).map(span).collect()
}

/// The code lines of `text`: not blank, not a comment line, not inside a `#[cfg(test)]` item.
pub(crate) fn code_lines(text: &str, file: &syn::File) -> usize {
    let tests = test_ranges(file);
    text.lines()
        .enumerate()
        .filter(|(i, line)| {
            let n = i + 1;
            let t = line.trim();
            !t.is_empty() && !t.starts_with("//") && !tests.iter().any(|&(a, b)| (a..=b).contains(&n))
        })
        .count()
}

/// Every function with a body outside `#[cfg(test)]` items: (name, first line, lines from `fn` to
/// its closing brace).
pub(crate) fn function_lengths(file: &syn::File) -> Vec<(String, usize, usize)> {
    struct Finder(Vec<(String, usize, usize)>);
    impl Finder {
        fn push(&mut self, sig: &syn::Signature, block: &syn::Block) {
            use syn::spanned::Spanned;
            let start = sig.fn_token.span.start().line;
            let end = block.span().end().line;
            self.0.push((sig.ident.to_string(), start, end + 1 - start));
        }
    }
    impl<'ast> Visit<'ast> for Finder {
        fn visit_item(&mut self, item: &'ast syn::Item) {
            if !item_test_only(item) {
                syn::visit::visit_item(self, item);
            }
        }
        fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
            self.push(&f.sig, &f.block);
            syn::visit::visit_item_fn(self, f);
        }
        fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
            if !test_only(&f.attrs) {
                self.push(&f.sig, &f.block);
                syn::visit::visit_impl_item_fn(self, f);
            }
        }
        fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
            if let Some(block) = &f.default {
                self.push(&f.sig, block);
            }
            syn::visit::visit_trait_item_fn(self, f);
        }
    }
    let mut finder = Finder(Vec::new());
    finder.visit_file(file);
    finder.0
}
