//! `georeduce create KIND --seed S [--size N] [--family F] [--json] [-o OUT]`: a random
//! instance from the generators `check` uses ([`crate::check::generate`]).
//!
//! The instance depends only on the kind, the seed, the size and the family: the random
//! stream is [`generate::case_rng`]`(seed, "create:<kind>", size)`, and without `--family`
//! the family is drawn from that stream with equal weights. The family and the seed are
//! printed on standard error (and as a `#` comment at the top of the DSL) so that the
//! instance can be made again.

use super::super::Outcome;
use super::super::args::CreateArgs;
use super::super::input::{WriteRules, write_output};
use super::super::ui;
use super::parse_kind;
use crate::check::generate::{self, Variant};
use crate::lang;
use miette::IntoDiagnostic;

/// Generates and writes the instance.
pub fn run(args: &CreateArgs) -> miette::Result<Outcome> {
    let kind = parse_kind(&args.kind, "problem")?;
    let variants = generate::variants(kind);
    if variants.is_empty() {
        miette::bail!(
            code = "cli::no_generator",
            help = "`georeduce list --graph` names the kinds the reductions read and write",
            "no generator draws {} instances",
            kind.name()
        );
    }
    let names: Vec<String> = variants.iter().map(Variant::name).collect();
    let mut rng = generate::case_rng(args.seed, &format!("create:{}", kind.name()), args.size);
    let drawn = match &args.family {
        Some(f) => {
            let Some(i) = names.iter().position(|n| n == f) else {
                miette::bail!(
                    code = "cli::unknown_family",
                    help = ui::did_you_mean(f, names.iter().map(String::as_str), "families"),
                    "no family `{f}` for {}",
                    kind.name()
                );
            };
            generate::generate_variant(kind, variants[i], args.size, &mut rng)
        }
        None => {
            let weighted: Vec<(Variant, u32)> = variants.iter().map(|&v| (v, 1)).collect();
            generate::generate(kind, &weighted, args.size, &mut rng)
        }
    };
    let drawn = drawn.expect("every listed variant fits its kind and has weight");
    emit(args, kind.name(), &drawn)?;
    Ok(Outcome::Done)
}

/// Writes the drawn instance (DSL with a provenance comment, or JSON).
fn emit(args: &CreateArgs, kind: &str, drawn: &generate::Drawn) -> miette::Result<()> {
    let how = format!(
        "georeduce create {kind} --seed {} --size {} --family {}",
        args.seed, args.size, drawn.family
    );
    crate::note!("created: {how}");
    let text = match args.json {
        true => {
            let mut s = serde_json::to_string_pretty(&drawn.instance).into_diagnostic()?;
            s.push('\n');
            s
        }
        false => format!("# {how}\n{}", lang::to_dsl(&drawn.instance)),
    };
    write_output(
        args.output.as_deref(),
        &text,
        WriteRules {
            force: args.force,
            inputs: &[],
        },
    )
}
