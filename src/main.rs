//! The `georeduce` binary: parse arguments, run, exit with the documented code.

fn main() -> std::process::ExitCode {
    georeduce::cli::main()
}
