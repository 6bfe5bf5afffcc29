import Foundation
import Glibc

/// Consumes a value so the optimiser cannot drop the work that produced it.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// One timed run.
struct Sample {
    /// Wall-clock time by `ContinuousClock`, in seconds (the official number).
    var wall: Double
    /// CPU time of this thread, in seconds: barely affected when other
    /// processes compete for the cores, unlike ``wall``.
    var cpu: Double
}

/// This thread's CPU time in seconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// Times `body` with `ContinuousClock` (and the thread's CPU clock). The
/// result is consumed (and freed) after the clocks stop, so deallocation is
/// never part of a timing.
func measure<R>(_ body: () throws -> R) rethrows -> Sample {
    let clock = ContinuousClock()
    let cpuStart = threadCPUTime()
    let start = clock.now
    let result = try body()
    let elapsed = clock.now - start
    let cpu = threadCPUTime() - cpuStart
    blackHole(result)
    return Sample(wall: elapsed.seconds, cpu: cpu)
}

/// One timed operation.
struct Benchmark {
    /// A stable identifier, e.g. `data.ours` (used in the JSON output and for ratios).
    var id: String
    /// The operation all contenders of a group perform, e.g. `Data → models`.
    var group: String
    /// Who performs it, for the table.
    var title: String
    /// Runs the operation once and returns its time.
    var run: () throws -> Sample
}

/// The times of one benchmark at one size.
struct Measurement: Codable {
    /// The benchmark's identifier.
    var id: String
    /// The benchmark's group.
    var group: String
    /// The benchmark's title.
    var title: String
    /// How many issues each run handled.
    var count: Int
    /// Every timed round's wall-clock time, in seconds, in the order run.
    var samples: [Double]
    /// Every timed round's thread CPU time, in seconds.
    var cpuSamples: [Double]
    /// The median of ``samples``, in seconds.
    var median: Double
    /// The median of ``cpuSamples``, in seconds.
    var cpuMedian: Double
    /// The median wall-clock time per issue, in seconds.
    var perIssue: Double

    /// Summarises the samples of `benchmark`.
    init(_ benchmark: Benchmark, count: Int, samples: [Sample]) {
        id = benchmark.id
        group = benchmark.group
        title = benchmark.title
        self.count = count
        self.samples = samples.map(\.wall)
        cpuSamples = samples.map(\.cpu)
        median = Self.median(self.samples)
        cpuMedian = Self.median(cpuSamples)
        perIssue = median / Double(count)
    }

    /// The median of non-empty `values`.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

/// Runs every benchmark `warmUps` times to warm up, then `rounds` times
/// interleaved (each round runs all of them, starting one later each round),
/// and returns their times in the order given.
func runInterleaved(_ benchmarks: [Benchmark], count: Int, warmUps: Int, rounds: Int,
                    progress: (String) -> Void) throws -> [Measurement] {
    for _ in 0..<warmUps {
        for benchmark in benchmarks {
            _ = try benchmark.run()
        }
    }
    var samples = Array(repeating: [Sample](), count: benchmarks.count)
    for round in 0..<rounds {
        progress("  round \(round + 1)/\(rounds)")
        for offset in 0..<benchmarks.count {
            let index = (round + offset) % benchmarks.count
            samples[index].append(try benchmarks[index].run())
        }
    }
    return zip(benchmarks, samples).map { Measurement($0, count: count, samples: $1) }
}
