//! Links the extension module as Python expects on every platform (on macOS, its symbols
//! left for the interpreter to resolve).
fn main() {
    pyo3_build_config::add_extension_module_link_args();
}
