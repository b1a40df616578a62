//! The structure of the workspace, checked so that it cannot rot unnoticed:
//!
//! 1. **No import cycles between files.** For each crate (every workspace member's library and
//!    binaries), the module tree is read from its root through every `mod` declaration, and each
//!    path the code names is resolved to the file that defines it: `use crate::…`, `use super::…`,
//!    `use self::…`, paths like `crate::x::y` in code and inside macro calls, and paths through a
//!    name that a `use` brought in. A re-export (`pub use game::Game` in `lib.rs`) is followed to
//!    the file that defines the item. A file that names its own submodules is not importing them:
//!    it declares them (`mod moves;` then `moves::parse(…)` is ownership), so those edges are left
//!    out; every other edge counts, and two or more files that reach each other are a cycle.
//! 2. **Layers.** `kurier-rules < kurier-wire < {kurier-engine, kurier-match} < {kurier-tune, kurier-serve} < kurier`: a crate
//!    may depend (normal, dev or build dependency) only on crates of a lower layer, so the two
//!    crates of the third layer never depend on each other, and the match runner never on the
//!    engine. The same holds for the code: no source file of a crate names a crate that is not
//!    below it (`kurier_engine::…` in `kurier-match`, `kurier_match::…` in `kurier-rules`).
//! 3. Every `.rs` file under a member's `src/` belongs to a crate's module tree.
//!
//! The sources are read with `syn` and the manifests with `toml`: a text search would take doc
//! comments and strings for imports, and would not know which file an inline `mod tests` belongs
//! to. Each checker is a function over file texts, and the unit tests at the end feed them small
//! made-up crates to show that they find what they are meant to find.

use proc_macro2::{Spacing, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write as _;
use std::path::{Component, Path, PathBuf};
use syn::visit::Visit;

/// The layer of each workspace crate (package name): a crate may depend only on lower layers.
const LAYERS: &[(&str, u32)] = &[
    ("kurier-rules", 0),
    ("kurier-wire", 1),
    ("kurier-engine", 2),
    ("kurier-match", 2),
    ("kurier-tune", 3),
    ("kurier-serve", 3),
    ("kurier", 4),
];

fn layer_of(package: &str) -> Option<u32> {
    LAYERS.iter().find(|(n, _)| *n == package).map(|&(_, l)| l)
}

/// The repository root (the root package's folder).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

// ---------------------------------------------------------------------------------------------
// Paths named by the code
// ---------------------------------------------------------------------------------------------

/// A path written in the source, as its segments (`["super", "captures", "Leg"]`), with where
/// it was written for the messages.
#[derive(Clone, Debug)]
struct Named {
    segments: Vec<String>,
    line: usize,
    /// Written in a `use` or `extern crate` item, where one segment can name a crate.
    import: bool,
}

impl Named {
    fn text(&self) -> String {
        self.segments.join("::")
    }
}

/// What a `use` item brings in: named imports (`name -> path`), globs, and every path written.
#[derive(Default)]
struct UseLeaves {
    named: Vec<(String, Named)>,
    globs: Vec<Named>,
}

fn use_leaves(tree: &syn::UseTree, prefix: &mut Vec<String>, line: usize, out: &mut UseLeaves) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            use_leaves(&p.tree, prefix, line, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let name = n.ident.to_string();
            if name == "self" {
                // `use a::b::{self}` imports `b`.
                if let Some(last) = prefix.last() {
                    let named = Named {
                        segments: prefix.clone(),
                        line,
                        import: true,
                    };
                    out.named.push((last.clone(), named));
                }
            } else {
                let mut segments = prefix.clone();
                segments.push(name.clone());
                out.named.push((
                    name,
                    Named {
                        segments,
                        line,
                        import: true,
                    },
                ));
            }
        }
        syn::UseTree::Rename(r) => {
            let mut segments = prefix.clone();
            if r.ident != "self" {
                segments.push(r.ident.to_string());
            }
            out.named.push((
                r.rename.to_string(),
                Named {
                    segments,
                    line,
                    import: true,
                },
            ));
        }
        syn::UseTree::Glob(_) => out.globs.push(Named {
            segments: prefix.clone(),
            line,
            import: true,
        }),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                use_leaves(t, prefix, line, out);
            }
        }
    }
}

/// Every path of two or more segments, or starting with `crate`/`super`/`self`, in a macro
/// call's tokens (`format!("{}", crate::x::y(z))`): syn leaves those tokens unparsed.
fn token_paths(tokens: TokenStream, out: &mut Vec<Named>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let is_colons = |i: usize| {
        matches!((trees.get(i), trees.get(i + 1)),
            (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
                if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':')
    };
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Group(g) => token_paths(g.stream(), out),
            TokenTree::Ident(id) => {
                let after_colons = i >= 2 && is_colons(i - 2);
                let after_dollar =
                    i >= 1 && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '$');
                if !after_colons && !after_dollar {
                    let mut segments = vec![id.to_string()];
                    let mut j = i + 1;
                    while is_colons(j) {
                        match trees.get(j + 2) {
                            Some(TokenTree::Ident(next)) => {
                                segments.push(next.to_string());
                                j += 3;
                            }
                            _ => break,
                        }
                    }
                    if segments.len() > 1 || matches!(segments[0].as_str(), "crate" | "super") {
                        out.push(Named {
                            segments,
                            line: id.span().start().line,
                            import: false,
                        });
                    }
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// Collects the paths of the code of one item (not of nested `mod` items, which are modules of
/// their own, and not of top-level `use` items, which the module reads itself).
#[derive(Default)]
struct PathCollector {
    paths: Vec<Named>,
}

impl<'ast> Visit<'ast> for PathCollector {
    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segments: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        if let Some(first) = p.segments.first() {
            self.paths.push(Named {
                segments,
                line: first.ident.span().start().line,
                import: false,
            });
        }
        syn::visit::visit_path(self, p);
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        // A `use` inside a function body: its paths are named, its names stay local.
        let mut leaves = UseLeaves::default();
        let line = u.use_token.span.start().line;
        use_leaves(&u.tree, &mut Vec::new(), line, &mut leaves);
        self.paths.extend(leaves.named.into_iter().map(|(_, n)| n));
        self.paths.extend(leaves.globs);
    }

    fn visit_item_extern_crate(&mut self, e: &'ast syn::ItemExternCrate) {
        self.paths.push(Named {
            segments: vec![e.ident.to_string()],
            line: e.ident.span().start().line,
            import: true,
        });
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        syn::visit::visit_macro(self, m);
        token_paths(m.tokens.clone(), &mut self.paths);
    }

    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {
        // A module inside a function body would be a module of its own; none is read here.
    }
}

/// Every path a file names in code, at any depth, for the layer check of the sources.
fn all_paths(file: &syn::File) -> Vec<Named> {
    struct All(PathCollector);
    impl<'ast> Visit<'ast> for All {
        fn visit_path(&mut self, p: &'ast syn::Path) {
            self.0.visit_path(p);
        }
        fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
            self.0.visit_item_use(u);
        }
        fn visit_item_extern_crate(&mut self, e: &'ast syn::ItemExternCrate) {
            self.0.visit_item_extern_crate(e);
        }
        fn visit_macro(&mut self, m: &'ast syn::Macro) {
            self.0.visit_macro(m);
        }
    }
    let mut all = All(PathCollector::default());
    all.visit_file(file);
    all.0.paths
}

// ---------------------------------------------------------------------------------------------
// The module tree of a crate and the file graph
// ---------------------------------------------------------------------------------------------

/// One module of a crate: a file, or an inline `mod x { … }` inside one.
#[derive(Default)]
struct Module {
    /// `["crate", "games", "dual"]`.
    path: Vec<String>,
    /// The file holding the module's items.
    file: PathBuf,
    /// The folder of the module's out-of-line submodules.
    dir: PathBuf,
    /// The module whose file this is (itself, unless inline).
    file_module: usize,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    /// Names of the items defined here (structs, functions, traits, macros…).
    items: BTreeSet<String>,
    /// Names brought in by `use`, with the path they name.
    imports: BTreeMap<String, Named>,
    /// `use x::*` sources.
    globs: Vec<Named>,
    /// Every path written in the module's code and `use` items.
    named: Vec<Named>,
}

/// A crate read from its root file: its modules, and the problems met (missing files, syntax).
struct Crate {
    modules: Vec<Module>,
    /// `#[macro_export]` macros, which live at the crate root: name -> defining module.
    exported_macros: BTreeMap<String, usize>,
    errors: Vec<String>,
}

/// A directed graph of files; each edge keeps one example of a path that makes it.
#[derive(Default)]
struct FileGraph {
    edges: BTreeMap<PathBuf, BTreeMap<PathBuf, String>>,
}

impl FileGraph {
    fn add(&mut self, from: &Path, to: &Path, why: String) {
        self.edges
            .entry(from.to_path_buf())
            .or_default()
            .entry(to.to_path_buf())
            .or_insert(why);
    }
}

/// Reads the text of a file (`None` when there is no such file).
type Reader<'a> = &'a dyn Fn(&Path) -> Option<String>;

fn has_attr(attrs: &[syn::Attribute], name: &str) -> bool {
    attrs.iter().any(|a| a.path().is_ident(name))
}

/// The `#[path = "…"]` of a `mod` item, if any.
fn path_attr(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| match &a.meta {
        syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

fn item_name(item: &syn::Item) -> Option<String> {
    Some(match item {
        syn::Item::Const(i) => i.ident.to_string(),
        syn::Item::Enum(i) => i.ident.to_string(),
        syn::Item::Fn(i) => i.sig.ident.to_string(),
        syn::Item::Macro(i) => i.ident.as_ref()?.to_string(),
        syn::Item::Static(i) => i.ident.to_string(),
        syn::Item::Struct(i) => i.ident.to_string(),
        syn::Item::Trait(i) => i.ident.to_string(),
        syn::Item::TraitAlias(i) => i.ident.to_string(),
        syn::Item::Type(i) => i.ident.to_string(),
        syn::Item::Union(i) => i.ident.to_string(),
        _ => return None,
    })
}

impl Crate {
    /// Reads the crate whose root file is `root_file`, following every `mod` declaration.
    fn read(root_file: &Path, read: Reader) -> Crate {
        let mut c = Crate {
            modules: Vec::new(),
            exported_macros: BTreeMap::new(),
            errors: Vec::new(),
        };
        let dir = root_file.parent().unwrap_or(Path::new("")).to_path_buf();
        c.load_file(None, "crate", root_file, dir, read);
        c
    }

    fn new_module(
        &mut self,
        parent: Option<usize>,
        name: &str,
        file: &Path,
        dir: PathBuf,
    ) -> usize {
        let id = self.modules.len();
        let mut path = parent.map_or_else(Vec::new, |p| self.modules[p].path.clone());
        path.push(name.to_string());
        self.modules.push(Module {
            path,
            file: file.to_path_buf(),
            dir,
            file_module: id,
            parent,
            ..Module::default()
        });
        if let Some(p) = parent {
            self.modules[p].children.insert(name.to_string(), id);
        }
        id
    }

    fn load_file(
        &mut self,
        parent: Option<usize>,
        name: &str,
        file: &Path,
        dir: PathBuf,
        read: Reader,
    ) {
        let Some(text) = read(file) else {
            self.errors
                .push(format!("{}: cannot be read", file.display()));
            return;
        };
        let parsed = match syn::parse_file(&text) {
            Ok(f) => f,
            Err(e) => {
                self.errors
                    .push(format!("{}: not Rust that syn reads: {e}", file.display()));
                return;
            }
        };
        let id = self.new_module(parent, name, file, dir);
        self.load_items(id, &parsed.items, read);
    }

    fn load_items(&mut self, id: usize, items: &[syn::Item], read: Reader) {
        for item in items {
            match item {
                syn::Item::Mod(m) => self.load_mod(id, m, read),
                syn::Item::Use(u) => {
                    let mut leaves = UseLeaves::default();
                    let line = u.use_token.span.start().line;
                    use_leaves(&u.tree, &mut Vec::new(), line, &mut leaves);
                    let module = &mut self.modules[id];
                    for (name, named) in leaves.named {
                        module.named.push(named.clone());
                        if name != "_" {
                            module.imports.insert(name, named);
                        }
                    }
                    module.named.extend(leaves.globs.iter().cloned());
                    module.globs.extend(leaves.globs);
                }
                other => {
                    if let Some(name) = item_name(other) {
                        if let syn::Item::Macro(m) = other {
                            if has_attr(&m.attrs, "macro_export") {
                                self.exported_macros.insert(name.clone(), id);
                            }
                        }
                        self.modules[id].items.insert(name);
                    }
                    let mut collector = PathCollector::default();
                    collector.visit_item(other);
                    self.modules[id].named.extend(collector.paths);
                }
            }
        }
    }

    fn load_mod(&mut self, parent: usize, m: &syn::ItemMod, read: Reader) {
        let name = m.ident.to_string();
        let parent_dir = self.modules[parent].dir.clone();
        if let Some((_, items)) = &m.content {
            let file = self.modules[parent].file.clone();
            let dir = match path_attr(&m.attrs) {
                Some(p) => parent_dir.join(p),
                None => parent_dir.join(&name),
            };
            let id = self.new_module(Some(parent), &name, &file, dir);
            self.modules[id].file_module = self.modules[parent].file_module;
            self.load_items(id, items, read);
            return;
        }
        let candidates = match path_attr(&m.attrs) {
            // `#[path]` outside inline modules is relative to the declaring file's folder.
            Some(p) if self.modules[parent].file_module == parent => {
                let file = &self.modules[parent].file;
                vec![file.parent().unwrap_or(Path::new("")).join(p)]
            }
            Some(p) => vec![parent_dir.join(p)],
            None => vec![
                parent_dir.join(format!("{name}.rs")),
                parent_dir.join(&name).join("mod.rs"),
            ],
        };
        let Some(file) = candidates.iter().find(|f| read(f).is_some()) else {
            self.errors.push(format!(
                "{}: `mod {name};` has no file ({})",
                self.modules[parent].file.display(),
                candidates
                    .iter()
                    .map(|c| c.display().to_string())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ));
            return;
        };
        // A `mod.rs` keeps its submodules beside it; `x.rs` keeps them in `x/`.
        let dir = if file.file_name().is_some_and(|n| n == "mod.rs") {
            file.parent().unwrap_or(Path::new("")).to_path_buf()
        } else {
            file.with_extension("")
        };
        let file = file.clone();
        self.load_file(Some(parent), &name, &file, dir, read);
    }

    fn is_within(&self, module: usize, ancestor: usize) -> bool {
        let mut m = Some(module);
        while let Some(id) = m {
            if id == ancestor {
                return true;
            }
            m = self.modules[id].parent;
        }
        false
    }

    /// The module that `segments`, written in module `from`, names (the module itself, or the
    /// one where the item it names is defined). `None` for paths outside the crate (std, other
    /// crates, local names).
    fn resolve(&self, from: usize, segments: &[String], depth: usize) -> Option<usize> {
        if depth > 32 || segments.is_empty() {
            return None;
        }
        let first = segments[0].as_str();
        let (start, rest) = match first {
            "crate" => (0, &segments[1..]),
            "super" => (self.modules[from].parent?, &segments[1..]),
            "self" => (from, &segments[1..]),
            _ => {
                if let Some(&child) = self.modules[from].children.get(first) {
                    (child, &segments[1..])
                } else if let Some(import) = self.modules[from].imports.get(first) {
                    let mut target = import.segments.clone();
                    target.extend_from_slice(&segments[1..]);
                    // The import may name something outside the crate.
                    return self.resolve(from, &target, depth + 1);
                } else {
                    return None;
                }
            }
        };
        Some(self.walk(start, rest, depth))
    }

    /// Follows `rest` down from module `at`, through submodules, re-exports and globs.
    fn walk(&self, mut at: usize, rest: &[String], depth: usize) -> usize {
        for (i, seg) in rest.iter().enumerate() {
            let module = &self.modules[at];
            match seg.as_str() {
                "super" => {
                    at = module.parent.unwrap_or(at);
                    continue;
                }
                "self" => continue,
                _ => {}
            }
            if let Some(&child) = module.children.get(seg) {
                at = child;
                continue;
            }
            if module.items.contains(seg) {
                return at;
            }
            if let Some(import) = module.imports.get(seg) {
                let mut target = import.segments.clone();
                target.extend_from_slice(&rest[i + 1..]);
                return self.resolve(at, &target, depth + 1).unwrap_or(at);
            }
            if at == 0 {
                if let Some(&m) = self.exported_macros.get(seg) {
                    return m;
                }
            }
            for glob in &module.globs {
                if let Some(g) = self.resolve(at, &glob.segments, depth + 1) {
                    let source = &self.modules[g];
                    if source.items.contains(seg)
                        || source.children.contains_key(seg)
                        || source.imports.contains_key(seg)
                    {
                        return self.walk(g, &rest[i..], depth + 1);
                    }
                }
            }
            return at;
        }
        at
    }

    /// The file-to-file imports of this crate. A file naming one of its own submodules (or
    /// itself) is no edge: see the module header.
    fn graph(&self, into: &mut FileGraph) {
        for (id, module) in self.modules.iter().enumerate() {
            let owner = module.file_module;
            for named in &module.named {
                let Some(target) = self.resolve(id, &named.segments, 0) else {
                    continue;
                };
                let to = &self.modules[target].file;
                if self.is_within(target, owner) || *to == module.file {
                    continue;
                }
                let why = format!("line {}: {}", named.line, named.text());
                into.add(&module.file, to, why);
            }
        }
    }

    fn files(&self) -> BTreeSet<PathBuf> {
        self.modules.iter().map(|m| m.file.clone()).collect()
    }
}

/// The groups of files that reach each other (strongly connected components of two or more
/// files), each as one shortest cycle through its first file, written out with the paths that
/// make each step.
fn cycles(graph: &FileGraph) -> Vec<String> {
    // Tarjan's algorithm, iterative over a node list.
    let nodes: Vec<&PathBuf> = graph
        .edges
        .iter()
        .flat_map(|(f, t)| std::iter::once(f).chain(t.keys()))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let index_of: BTreeMap<&PathBuf, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let succ: Vec<Vec<usize>> = nodes
        .iter()
        .map(|v| {
            graph
                .edges
                .get(*v)
                .map(|t| t.keys().map(|k| index_of[k]).collect())
                .unwrap_or_default()
        })
        .collect();
    let n = nodes.len();
    let (mut index, mut low, mut on_stack) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut next, mut components) = (Vec::new(), 0, Vec::new());
    for s in 0..n {
        if index[s] != usize::MAX {
            continue;
        }
        // (node, how many of its successors are done)
        let mut work: Vec<(usize, usize)> = vec![(s, 0)];
        while let Some(top) = work.last_mut() {
            let (v, k) = *top;
            top.1 += 1;
            if k == 0 {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = succ[v].get(k) {
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(u, _)) = work.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
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
    components.sort();
    components
        .iter()
        .map(|component| {
            // Shortest way from the first file back to it, inside the component.
            let inside: BTreeSet<usize> = component.iter().copied().collect();
            let start = component[0];
            let mut came_from: BTreeMap<usize, usize> = BTreeMap::new();
            let mut queue = VecDeque::from([start]);
            let mut last = None;
            'search: while let Some(v) = queue.pop_front() {
                for &w in &succ[v] {
                    if !inside.contains(&w) {
                        continue;
                    }
                    if w == start {
                        last = Some(v);
                        break 'search;
                    }
                    if let std::collections::btree_map::Entry::Vacant(e) = came_from.entry(w) {
                        e.insert(v);
                        queue.push_back(w);
                    }
                }
            }
            let mut back = Vec::new();
            let mut v = last.expect("a component of two or more files has a cycle");
            while v != start {
                back.push(v);
                v = came_from[&v];
            }
            back.reverse();
            let way: Vec<usize> = std::iter::once(start)
                .chain(back)
                .chain(std::iter::once(start))
                .collect();
            let mut text = format!(
                "{} files reach each other: {}\n",
                component.len(),
                component
                    .iter()
                    .map(|&f| nodes[f].display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            text.push_str("  a shortest cycle:\n");
            for w in way.windows(2) {
                let why = &graph.edges[nodes[w[0]]][nodes[w[1]]];
                let _ = writeln!(
                    text,
                    "    {} -> {}   ({why})",
                    nodes[w[0]].display(),
                    nodes[w[1]].display()
                );
            }
            if component.len() > 2 {
                text.push_str("  every import inside the group:\n");
                for &f in component {
                    for (t, why) in &graph.edges[nodes[f]] {
                        if inside.contains(&index_of[t]) {
                            let _ = writeln!(
                                text,
                                "    {} -> {}   ({why})",
                                nodes[f].display(),
                                t.display()
                            );
                        }
                    }
                }
            }
            text
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The workspace: members, manifests, crate roots
// ---------------------------------------------------------------------------------------------

fn read_toml(path: &Path) -> toml::Table {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.parse()
        .unwrap_or_else(|e| panic!("{}: not TOML: {e}", path.display()))
}

/// The workspace members' folders (relative to the root), from the root manifest.
fn members() -> Vec<PathBuf> {
    let manifest = read_toml(&root().join("Cargo.toml"));
    let members = manifest["workspace"]["members"]
        .as_array()
        .expect("[workspace] members is a list");
    members
        .iter()
        .map(|m| PathBuf::from(m.as_str().expect("a member is a folder name")))
        .collect()
}

/// The crate roots of the package in `dir` (relative to the repository): the library and the
/// binaries.
fn crate_roots(dir: &Path, manifest: &toml::Table) -> Vec<PathBuf> {
    let mut roots = BTreeSet::new();
    let lib = manifest
        .get("lib")
        .and_then(|l| l.get("path"))
        .and_then(|p| p.as_str())
        .map_or_else(|| dir.join("src/lib.rs"), |p| dir.join(p));
    roots.insert(lib);
    roots.insert(dir.join("src/main.rs"));
    for bin in manifest
        .get("bin")
        .and_then(|b| b.as_array())
        .into_iter()
        .flatten()
    {
        if let Some(p) = bin.get("path").and_then(|p| p.as_str()) {
            roots.insert(dir.join(p));
        }
    }
    if let Ok(entries) = std::fs::read_dir(root().join(dir).join("src/bin")) {
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "rs") {
                roots.insert(dir.join("src/bin").join(e.file_name()));
            } else if p.join("main.rs").is_file() {
                roots.insert(dir.join("src/bin").join(e.file_name()).join("main.rs"));
            }
        }
    }
    roots
        .into_iter()
        .filter(|r| root().join(r).is_file())
        .collect()
}

/// Reads files relative to the repository root.
fn disk(path: &Path) -> Option<String> {
    std::fs::read_to_string(root().join(path)).ok()
}

/// Every workspace crate, read from disk, with its package folder.
fn workspace_crates() -> Vec<(PathBuf, Crate)> {
    let mut out = Vec::new();
    for dir in members() {
        let dir = if dir == Path::new(".") {
            PathBuf::new()
        } else {
            dir
        };
        let manifest = read_toml(&root().join(&dir).join("Cargo.toml"));
        for r in crate_roots(&dir, &manifest) {
            out.push((dir.clone(), Crate::read(&r, &disk)));
        }
    }
    out
}

fn rs_files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
        return;
    };
    for e in entries.flatten() {
        let rel = dir.join(e.file_name());
        if e.path().is_dir() {
            if e.file_name() != "target" {
                rs_files_under(&rel, out);
            }
        } else if rel.extension().is_some_and(|x| x == "rs") {
            out.push(rel);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Layers
// ---------------------------------------------------------------------------------------------

/// The dependency tables of a manifest: `[dependencies]`, `[dev-dependencies]`,
/// `[build-dependencies]`, and the same under each `[target.….]`.
fn dependency_tables(manifest: &toml::Table) -> Vec<(String, &toml::Table)> {
    const KINDS: [&str; 3] = ["dependencies", "dev-dependencies", "build-dependencies"];
    let mut out = Vec::new();
    for kind in KINDS {
        if let Some(t) = manifest.get(kind).and_then(|t| t.as_table()) {
            out.push((format!("[{kind}]"), t));
        }
    }
    for (target, t) in manifest
        .get("target")
        .and_then(|t| t.as_table())
        .into_iter()
        .flatten()
    {
        for kind in KINDS {
            if let Some(t) = t.get(kind).and_then(|t| t.as_table()) {
                out.push((format!("[target.{target}.{kind}]"), t));
            }
        }
    }
    out
}

/// The package a dependency entry stands for: `package = "…"` when renamed, in the entry or in
/// `[workspace.dependencies]` when it says `workspace = true`.
fn dependency_package(key: &str, value: &toml::Value, workspace_deps: &toml::Table) -> String {
    let from = |v: &toml::Value| {
        v.get("package")
            .and_then(|p| p.as_str())
            .map(str::to_string)
    };
    if let Some(p) = from(value) {
        return p;
    }
    if value.get("workspace").and_then(|w| w.as_bool()) == Some(true) {
        if let Some(p) = workspace_deps.get(key).and_then(from) {
            return p;
        }
    }
    key.to_string()
}

/// Every dependency of the `manifests` (package name and manifest text) on a workspace crate
/// that is not in a lower layer, and every workspace package without a layer.
fn layer_violations(manifests: &[(String, String)], root_manifest: &str) -> Vec<String> {
    let root: toml::Table = root_manifest.parse().expect("the root manifest is TOML");
    let empty = toml::Table::new();
    let workspace_deps = root
        .get("workspace")
        .and_then(|w| w.get("dependencies"))
        .and_then(|d| d.as_table())
        .unwrap_or(&empty);
    let mut out = Vec::new();
    for (where_, text) in manifests {
        let manifest: toml::Table = match text.parse() {
            Ok(m) => m,
            Err(e) => {
                out.push(format!("{where_}: not TOML: {e}"));
                continue;
            }
        };
        let Some(name) = manifest
            .get("package")
            .and_then(|p| p.get("name"))
            .and_then(|n| n.as_str())
        else {
            out.push(format!("{where_}: no [package] name"));
            continue;
        };
        let Some(own) = layer_of(name) else {
            out.push(format!(
                "{where_}: package `{name}` has no layer: add it to LAYERS in tests/architecture.rs"
            ));
            continue;
        };
        for (table, deps) in dependency_tables(&manifest) {
            for (key, value) in deps {
                let package = dependency_package(key, value, workspace_deps);
                match layer_of(&package) {
                    Some(l) if l >= own && package != name => out.push(format!(
                        "{where_}: `{name}` (layer {own}) depends on `{package}` (layer {l}) in \
                         {table}; a crate may depend only on lower layers"
                    )),
                    _ => {}
                }
            }
        }
    }
    out
}

/// The paths in `source` (of the package `package`) that name a workspace crate not below it.
fn source_violations(package: &str, file: &Path, source: &str) -> Vec<String> {
    let Some(own) = layer_of(package) else {
        return vec![format!(
            "{}: package `{package}` has no layer",
            file.display()
        )];
    };
    let parsed = match syn::parse_file(source) {
        Ok(f) => f,
        Err(e) => return vec![format!("{}: not Rust that syn reads: {e}", file.display())],
    };
    let mut out = Vec::new();
    for named in all_paths(&parsed) {
        // A lone name in code is a local (`let kurier = …`); a crate is named by a longer path
        // or by `use`/`extern crate`.
        if named.segments.len() < 2 && !named.import {
            continue;
        }
        let first = named.segments[0].as_str();
        for &(other, layer) in LAYERS {
            if other != package && first == other.replace('-', "_") && layer >= own {
                out.push(format!(
                    "{}:{}: `{}` names `{other}` (layer {layer}) from `{package}` (layer {own})",
                    file.display(),
                    named.line,
                    named.text()
                ));
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The checks of the real tree
// ---------------------------------------------------------------------------------------------

#[test]
fn no_file_imports_itself_through_other_files() {
    let mut graph = FileGraph::default();
    let mut errors = Vec::new();
    let crates = workspace_crates();
    assert!(
        crates.iter().any(|(_, c)| c.modules.len() > 5),
        "the crates were not found from {}",
        root().display()
    );
    for (_, c) in &crates {
        c.graph(&mut graph);
        errors.extend(c.errors.iter().cloned());
    }
    assert!(
        errors.is_empty(),
        "the module trees could not be read:\n{}",
        errors.join("\n")
    );
    let edges: usize = graph.edges.values().map(BTreeMap::len).sum();
    eprintln!("{edges} imports between files");
    if std::env::var_os("KURIER_SHOW_IMPORTS").is_some() {
        for (from, to) in &graph.edges {
            for (t, why) in to {
                eprintln!("{} -> {}   ({why})", from.display(), t.display());
            }
        }
    }
    assert!(
        edges > 50,
        "only {edges} imports between files: the reading of the sources broke"
    );
    let found = cycles(&graph);
    assert!(
        found.is_empty(),
        "{} import cycle(s) between files; each step names the path that makes it:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn crates_depend_only_on_lower_layers() {
    let root_manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("root manifest");
    let manifests: Vec<(String, String)> = members()
        .into_iter()
        .map(|m| {
            let path = m.join("Cargo.toml");
            let text = std::fs::read_to_string(root().join(&path))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path.display().to_string(), text)
        })
        .collect();
    assert!(
        manifests.len() >= LAYERS.len(),
        "the members were not found: {manifests:?}"
    );
    let found = layer_violations(&manifests, &root_manifest);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn sources_name_no_crate_above_their_own() {
    let mut found = Vec::new();
    let mut files = 0;
    for dir in members() {
        if dir == Path::new(".") {
            continue; // the root package is the top layer: it may name every crate
        }
        let manifest = read_toml(&root().join(&dir).join("Cargo.toml"));
        let package = manifest["package"]["name"].as_str().expect("package name");
        let mut rs = Vec::new();
        rs_files_under(&dir, &mut rs);
        for file in rs {
            let text = disk(&file).expect("listed file");
            files += 1;
            found.extend(source_violations(package, &file, &text));
        }
    }
    assert!(files > 20, "only {files} source files found under crates/");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn every_source_file_belongs_to_a_crate() {
    let crates = workspace_crates();
    let mut reached = BTreeSet::new();
    for (_, c) in &crates {
        reached.extend(c.files());
    }
    let mut orphans = Vec::new();
    for dir in members() {
        let dir = if dir == Path::new(".") {
            PathBuf::new()
        } else {
            dir
        };
        let mut rs = Vec::new();
        rs_files_under(&dir.join("src"), &mut rs);
        orphans.extend(rs.into_iter().filter(|f| !reached.contains(f)));
    }
    assert!(
        orphans.is_empty(),
        "files no `mod` declaration reaches (dead code, or a forgotten `mod`): {orphans:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// The checkers on made-up crates
// ---------------------------------------------------------------------------------------------

fn made_up(files: &[(&str, &str)]) -> (Crate, FileGraph) {
    let files: BTreeMap<PathBuf, String> = files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect();
    let read = |p: &Path| files.get(&normalise(p)).cloned();
    let c = Crate::read(Path::new("src/lib.rs"), &read);
    let mut g = FileGraph::default();
    c.graph(&mut g);
    (c, g)
}

fn normalise(p: &Path) -> PathBuf {
    p.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect()
}

#[test]
fn finds_two_files_that_import_each_other() {
    let (c, g) = made_up(&[
        ("src/lib.rs", "pub mod a;\npub mod b;\n"),
        ("src/a.rs", "use crate::b::B;\npub struct A(pub B);\n"),
        ("src/b.rs", "pub struct B;\npub fn f(_: super::a::A) {}\n"),
    ]);
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    let found = cycles(&g);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("2 files reach each other: src/a.rs, src/b.rs"),
        "{}",
        found[0]
    );
    assert!(
        found[0].contains("src/a.rs -> src/b.rs   (line 1: crate::b::B)"),
        "{}",
        found[0]
    );
    assert!(
        found[0].contains("src/b.rs -> src/a.rs   (line 2: super::a::A)"),
        "{}",
        found[0]
    );
}

#[test]
fn finds_a_cycle_through_a_re_export_a_macro_and_nested_folders() {
    let (c, g) = made_up(&[
        ("src/lib.rs", "mod games;\npub use games::dual::Move;\n"),
        ("src/games/mod.rs", "pub mod dual;\npub mod text;\n"),
        (
            "src/games/dual.rs",
            "pub mod moves;\npub use moves::Move;\n",
        ),
        (
            "src/games/dual/moves.rs",
            "pub struct Move;\nfn f() { crate::games::text::show(); }\n",
        ),
        (
            "src/games/text.rs",
            "pub fn show() { println!(\"{:?}\", crate::Move); }\n",
        ),
    ]);
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    let found = cycles(&g);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0]
            .starts_with("2 files reach each other: src/games/dual/moves.rs, src/games/text.rs"),
        "{}",
        found[0]
    );
}

#[test]
fn a_module_using_its_own_submodules_is_no_cycle() {
    let (c, g) = made_up(&[
        (
            "src/lib.rs",
            "pub mod a;\nuse a::A;\npub struct Root;\npub fn f() -> A { a::make() }\n",
        ),
        (
            "src/a.rs",
            "use super::Root;\npub struct A(Root);\npub fn make() -> A { A(Root) }\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::a::make;\n}\n",
        ),
    ]);
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    assert!(cycles(&g).is_empty(), "{:?}", cycles(&g));
    // The child's edge to its parent is there; the parent's to its child is not.
    assert!(g.edges[Path::new("src/a.rs")].contains_key(Path::new("src/lib.rs")));
    assert!(!g.edges.contains_key(Path::new("src/lib.rs")));
}

#[test]
fn a_missing_module_file_is_reported() {
    let (c, _) = made_up(&[("src/lib.rs", "mod gone;\n")]);
    assert_eq!(c.errors.len(), 1, "{:?}", c.errors);
    assert!(
        c.errors[0].contains("`mod gone;` has no file"),
        "{}",
        c.errors[0]
    );
}

#[test]
fn finds_a_dependency_on_a_layer_above_or_beside() {
    let root = "[workspace.dependencies]\n\
                kurier-engine = { path = \"crates/kurier-engine\" }\n\
                engine-renamed = { path = \"crates/kurier-engine\", package = \"kurier-engine\" }\n\
                kurier-rules = { path = \"crates/kurier-rules\" }\n";
    let manifests =
        vec![
        (
            "match".to_string(),
            "[package]\nname = \"kurier-match\"\n[dependencies]\nkurier-rules.workspace = true\n\
             [dev-dependencies]\nengine-renamed.workspace = true\n"
                .to_string(),
        ),
        (
            "wire".to_string(),
            "[package]\nname = \"kurier-wire\"\n[dependencies]\nkurier-rules.workspace = true\n"
                .to_string(),
        ),
        (
            "rules".to_string(),
            "[package]\nname = \"kurier-rules\"\n\
             [target.'cfg(unix)'.dependencies]\nkurier-wire = { path = \"../kurier-wire\" }\n"
                .to_string(),
        ),
        ("new".to_string(), "[package]\nname = \"kurier-gui\"\n".to_string()),
    ];
    let found = layer_violations(&manifests, root);
    assert_eq!(found.len(), 3, "{found:#?}");
    assert!(found[0].contains(
        "`kurier-match` (layer 2) depends on `kurier-engine` (layer 2) in [dev-dependencies]"
    ));
    assert!(found[1].contains("`kurier-rules` (layer 0) depends on `kurier-wire` (layer 1) in [target.cfg(unix).dependencies]"));
    assert!(found[2].contains("`kurier-gui` has no layer"));
}

#[test]
fn finds_a_path_into_a_crate_above_but_not_a_mention_in_text() {
    let source = "//! Unlike kurier_engine::options, this reads match options.\n\
                  use kurier_rules::game::Game;\n\
                  fn f() { let s = \"kurier_engine::x\"; log::info!(\"{}\", kurier_engine::NAME); }\n\
                  type T = kurier_match::Runner;\n\
                  fn g(kurier_engine: bool) -> bool { let kurier = kurier_engine; kurier }\n";
    let found = source_violations("kurier-match", Path::new("m.rs"), source);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].starts_with("m.rs:3: `kurier_engine::NAME` names `kurier-engine`"),
        "{}",
        found[0]
    );
    let found = source_violations("kurier-rules", Path::new("r.rs"), source);
    assert_eq!(found.len(), 2, "{found:#?}");
}
