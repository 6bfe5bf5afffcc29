//! serde_json on the standard corpora, for Benchmarks/peers/run:
//!
//!     serde-peer [--rounds N] FILE...
//!
//! For each file: parse only (into `IgnoredAny`, and into a `serde_json::Value`),
//! and for twitter.json, citm_catalog.json and canada.json also decode into the
//! models of serde's json-benchmark and encode them back (twitterescaped.json:
//! twitter's models; mesh.json, random.json, apache_builds.json: zippy.rs). Prints one line per
//! operation, `operation<TAB>contender<TAB>wall seconds<TAB>CPU seconds<TAB>file`:
//! medians per run of N timed samples, each sample running the operation enough
//! times to take 20 ms (set by a warm-up run); results are freed after the
//! clocks stop, as the Swift benchmark does.
//!
//!     serde-peer --profile OPERATION N FILE
//!
//! For callgrind (`--toggle-collect=profiled_work`): one warm-up, then OPERATION
//! (parse, parse-value, decode or encode) N times inside `profiled_work`.

mod canada;
mod citm;
mod support;
mod twitter;
mod zippy;

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::Serialize;
use std::hint::black_box;
use std::process::exit;
use std::time::Instant;

/// This thread's CPU time in seconds.
fn thread_cpu_time() -> f64 {
    let mut time = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `time` is a valid, writable timespec for the call.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
    time.tv_sec as f64 + time.tv_nsec as f64 * 1e-9
}

/// `count` runs of `body`, timed as one sample: (wall, CPU) seconds per run.
fn time_batch<R>(count: usize, body: &mut dyn FnMut() -> R) -> (f64, f64) {
    let mut results = Vec::with_capacity(count);
    let cpu_start = thread_cpu_time();
    let start = Instant::now();
    for _ in 0..count {
        results.push(body());
    }
    let wall = start.elapsed().as_secs_f64();
    let cpu = thread_cpu_time() - cpu_start;
    black_box(&results);
    drop(results);
    (wall / count as f64, cpu / count as f64)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(|a, b| a.total_cmp(b));
    let middle = values.len() / 2;
    if values.len() % 2 == 1 { values[middle] } else { (values[middle - 1] + values[middle]) / 2.0 }
}

/// Warms up, sizes the batch, times `rounds` samples and prints the line.
fn report<R>(operation: &str, contender: &str, file: &str, rounds: usize, mut body: impl FnMut() -> R) {
    let (once, _) = time_batch(1, &mut body);
    let batch = ((0.02 / once.max(1e-7)).ceil() as usize).clamp(1, 10_000);
    let (mut walls, mut cpus) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let (wall, cpu) = time_batch(batch, &mut body);
        walls.push(wall);
        cpus.push(cpu);
    }
    println!("{operation}\t{contender}\t{:.9}\t{:.9}\t{file}", median(walls), median(cpus));
}

/// Decode and encode with the model `M`, after checking that its encoding decodes again.
fn models<M: DeserializeOwned + Serialize>(data: &[u8], file: &str, rounds: usize) -> Result<(), String> {
    let model: M = serde_json::from_slice(data).map_err(|e| format!("{file}: decode: {e}"))?;
    let encoded = serde_json::to_vec(&model).map_err(|e| format!("{file}: encode: {e}"))?;
    serde_json::from_slice::<M>(&encoded).map_err(|e| format!("{file}: decoding our encoding: {e}"))?;
    report("decode", "serde_json", file, rounds, || serde_json::from_slice::<M>(data).ok());
    report("encode", "serde_json", file, rounds, || serde_json::to_vec(&model).ok());
    Ok(())
}

/// The measured call of `--profile`: callgrind collects inside it only.
#[no_mangle]
#[inline(never)]
fn profiled_work(body: &mut dyn FnMut()) {
    body();
}

/// `--profile OPERATION N` with the model `M`.
fn profile_model<M: DeserializeOwned + Serialize>(data: &[u8], operation: &str, count: usize) -> Result<(), String> {
    let model: M = serde_json::from_slice(data).map_err(|e| format!("decode: {e}"))?;
    let mut body: Box<dyn FnMut()> = match operation {
        "decode" => Box::new(|| { black_box(serde_json::from_slice::<M>(data).ok()); }),
        "encode" => Box::new(|| { black_box(serde_json::to_vec(&model).ok()); }),
        _ => return Err(format!("unknown operation {operation}")),
    };
    body();
    profiled_work(&mut || for _ in 0..count { body() });
    Ok(())
}

/// `--profile OPERATION N FILE`.
fn profile(operation: &str, count: usize, path: &str) -> Result<(), String> {
    let data = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let file = path.rsplit('/').next().unwrap_or(path);
    let mut body: Box<dyn FnMut()> = match operation {
        "parse" => Box::new(|| { black_box(serde_json::from_slice::<IgnoredAny>(&data).ok()); }),
        "parse-value" => Box::new(|| { black_box(serde_json::from_slice::<serde_json::Value>(&data).ok()); }),
        _ => {
            return match file {
                "twitter.json" => profile_model::<twitter::Search>(&data, operation, count),
                "citm_catalog.json" => profile_model::<citm::Catalog>(&data, operation, count),
                "canada.json" => profile_model::<canada::FeatureCollection>(&data, operation, count),
                "twitterescaped.json" => profile_model::<twitter::Search>(&data, operation, count),
                "mesh.json" => profile_model::<zippy::Mesh>(&data, operation, count),
                "random.json" => profile_model::<zippy::Random>(&data, operation, count),
                "apache_builds.json" => profile_model::<zippy::ApacheBuilds>(&data, operation, count),
                _ => Err(format!("{file}: no model")),
            }
        }
    };
    body();
    profiled_work(&mut || for _ in 0..count { body() });
    Ok(())
}

fn run(path: &str, rounds: usize) -> Result<(), String> {
    let data = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let file = path.rsplit('/').next().unwrap_or(path);
    serde_json::from_slice::<IgnoredAny>(&data).map_err(|e| format!("{file}: {e}"))?;
    report("parse", "serde_json", file, rounds, || serde_json::from_slice::<IgnoredAny>(&data).ok());
    report("parse", "serde_json Value", file, rounds, || serde_json::from_slice::<serde_json::Value>(&data).ok());
    match file {
        "twitter.json" => models::<twitter::Search>(&data, file, rounds),
        "citm_catalog.json" => models::<citm::Catalog>(&data, file, rounds),
        "canada.json" => models::<canada::FeatureCollection>(&data, file, rounds),
        "twitterescaped.json" => models::<twitter::Search>(&data, file, rounds),
        "mesh.json" => models::<zippy::Mesh>(&data, file, rounds),
        "random.json" => models::<zippy::Random>(&data, file, rounds),
        "apache_builds.json" => models::<zippy::ApacheBuilds>(&data, file, rounds),
        _ => Ok(()),
    }
}

fn main() {
    let mut rounds = 5;
    let mut files = Vec::new();
    let all: Vec<String> = std::env::args().skip(1).collect();
    if all.len() == 4 && all[0] == "--profile" {
        let count = all[2].parse::<usize>().unwrap_or(0);
        if let Err(message) = profile(&all[1], count, &all[3]) {
            eprintln!("serde-peer: {message}");
            exit(1);
        }
        return;
    }
    let mut arguments = all.into_iter();
    while let Some(argument) = arguments.next() {
        if argument == "--rounds" {
            match arguments.next().and_then(|n| n.parse::<usize>().ok()).filter(|&n| n > 0) {
                Some(n) => rounds = n,
                None => {
                    eprintln!("serde-peer: --rounds needs a positive number");
                    exit(2);
                }
            }
        } else {
            files.push(argument);
        }
    }
    for file in &files {
        if let Err(message) = run(file, rounds) {
            eprintln!("serde-peer: {message}");
            exit(1);
        }
    }
}
