//! `suite`: the splits of a spec made, then their files written into the directory, each
//! replaced only once complete, and only once every split is made.

use crate::app::cli::SuiteArgs;
use crate::app::output::Target;
use crate::app::settle::{bad_input, open_named};
use anyhow::Context;
use mazegen::dataset::MAX_JOBS;
use mazegen::suite::{SuiteError, SuiteSpec, files, make};
use std::io::Read;

/// Reads the spec, makes every split, then writes the directory.
pub fn run(args: SuiteArgs) -> anyhow::Result<()> {
    let path = args.spec.display().to_string();
    let mut bytes = Vec::new();
    open_named(&args.spec, &path)?
        .read_to_end(&mut bytes)
        .with_context(|| format!("{path}: cannot read"))?;
    let text = String::from_utf8(bytes).map_err(|error| {
        bad_input(format!(
            "{path}: byte {} is not UTF-8, expected a TOML spec",
            error.utf8_error().valid_up_to() + 1
        ))
    })?;
    let refused = |error: SuiteError| match error.is_bad_input() {
        true => bad_input(format!("{path}: {error}")),
        false => anyhow::Error::new(error).context(format!("{path}: cannot make the suite")),
    };
    let spec = SuiteSpec::from_toml(&text).map_err(refused)?;
    let jobs = match args.jobs {
        Some(jobs) => jobs.get(),
        None => std::thread::available_parallelism().map_or(1, |jobs| jobs.get()),
    };
    let shard = args.shard.map(|shard| (shard.index, shard.of));
    let made = make(&spec, jobs.min(MAX_JOBS), shard).map_err(refused)?;
    let files = files(&spec, &made, shard).map_err(refused)?;
    let dir = &args.output;
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot write --output {}", dir.display()))?;
    for (name, bytes) in &files {
        Target::File(dir.join(name)).write(|out| out.write_all(bytes))?;
    }
    Ok(())
}
