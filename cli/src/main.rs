//! `morpion`: the native command line of the Morpion Solitaire engine.

fn main() -> std::process::ExitCode {
    morpion_cli::main()
}
