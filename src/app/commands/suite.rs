//! `suite`: the splits of a spec made, then their files written into the directory, each
//! replaced only once complete, and only once every split is made.

use crate::app::cli::SuiteArgs;
use crate::app::output::Target;
use crate::app::settle::{bad_input, read_named};
use anyhow::Context;
use mazegen::dataset::MAX_JOBS;
use mazegen::suite::{SuiteError, SuiteSpec, files, make};

/// The most bytes a suite spec is read to: far beyond any spec's splits.
const MOST_SPEC_BYTES: u64 = 16 << 20;

/// Reads the spec, makes every split, then writes the directory.
pub fn run(args: SuiteArgs) -> anyhow::Result<()> {
    let path = args.spec.display().to_string();
    let text = read_named(&args.spec, &path, MOST_SPEC_BYTES, "a suite spec")?;
    let refused = |error: SuiteError| match error.is_bad_input() {
        true => bad_input(format!("{path}: {error}")),
        false => anyhow::Error::new(error).context(format!("{path}: cannot make the suite")),
    };
    let spec = SuiteSpec::from_toml(&text).map_err(refused)?;
    mazegen::suite::check_dir(&args.output)
        .map_err(|error| bad_input(format!("--output {error}")))?;
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
