// simdjson on the standard corpora, for Benchmarks/peers/run:
//
//     simdjson-peer [--rounds N] FILE...
//
// For each file: parse (the DOM API, one parser reused across runs, as
// simdjson's documentation recommends) and serialize the DOM back to minified
// JSON. Prints one line per operation,
// `operation<TAB>contender<TAB>wall seconds<TAB>CPU seconds<TAB>file`: medians per
// run of N timed samples, each sample running the operation enough times to take
// 20 ms (set by a warm-up run), as Benchmarks/peers/serde does.
//
//     simdjson-peer --profile OPERATION N FILE
//
// For callgrind (`--toggle-collect=profiled_work`): one warm-up, then OPERATION
// (parse or encode) N times inside `profiled_work`.
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

// SIMDJSON_VERSION is a bare token (3.0.1): the text of a macro's value.
#define PEER_TEXT_OF(x) #x
#define PEER_TEXT(x) PEER_TEXT_OF(x)

namespace {

// Whether `parser` parses `json` (into `element`).
size_t parser_parse_ok(simdjson::dom::parser &parser, const simdjson::padded_string &json,
                       simdjson::dom::element &element) {
    return parser.parse(json).get(element) == simdjson::SUCCESS ? 1 : 0;
}

double threadCPUTime() {
    timespec time{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time);
    return double(time.tv_sec) + double(time.tv_nsec) * 1e-9;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    size_t middle = values.size() / 2;
    return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

struct Sample {
    double wall;
    double cpu;
};

// `count` runs of `body`, as one sample: seconds per run. `body` returns a
// value that is kept until the clocks stop.
template <typename Body>
Sample timeBatch(size_t count, Body &body) {
    using Result = decltype(body());
    std::vector<Result> results;
    results.reserve(count);
    double cpuStart = threadCPUTime();
    auto start = std::chrono::steady_clock::now();
    for (size_t i = 0; i < count; i++) results.push_back(body());
    std::chrono::duration<double> wall = std::chrono::steady_clock::now() - start;
    double cpu = threadCPUTime() - cpuStart;
    return {wall.count() / double(count), cpu / double(count)};
}

template <typename Body>
void report(const char *operation, const std::string &file, int rounds, Body body) {
    Sample once = timeBatch(1, body);
    size_t batch = size_t(std::clamp(std::ceil(0.02 / std::max(once.wall, 1e-7)), 1.0, 10000.0));
    std::vector<double> walls, cpus;
    for (int round = 0; round < rounds; round++) {
        Sample sample = timeBatch(batch, body);
        walls.push_back(sample.wall);
        cpus.push_back(sample.cpu);
    }
    std::printf("%s\tsimdjson\t%.9f\t%.9f\t%s\n", operation, median(walls), median(cpus), file.c_str());
}

int run(const char *path, int rounds) {
    std::string file = path;
    if (auto slash = file.rfind('/'); slash != std::string::npos) file = file.substr(slash + 1);
    simdjson::padded_string json;
    if (auto error = simdjson::padded_string::load(path).get(json)) {
        std::fprintf(stderr, "simdjson-peer: %s: %s\n", path, simdjson::error_message(error));
        return 1;
    }
    simdjson::dom::parser parser;
    simdjson::dom::element document;
    if (auto error = parser.parse(json).get(document)) {
        std::fprintf(stderr, "simdjson-peer: %s: %s\n", path, simdjson::error_message(error));
        return 1;
    }
    report("parse", file, rounds, [&] {
        simdjson::dom::element element;
        return parser.parse(json).get(element) == simdjson::SUCCESS;
    });
    // The DOM of the last parse stays valid while the parser is not used again.
    if (parser.parse(json).get(document) != simdjson::SUCCESS) return 1;
    report("encode", file, rounds, [&] { return simdjson::minify(document); });
    return 0;
}

}  // namespace

// The measured call of --profile: callgrind collects inside it only.
extern "C" __attribute__((noinline)) void profiled_work(void (*body)(void *), void *context) { body(context); }

namespace {

struct ProfileContext {
    simdjson::dom::parser parser;
    simdjson::padded_string json;
    simdjson::dom::element document;
    bool encode = false;
    long count = 0;
    size_t sink = 0;
};

void profileBody(void *context) {
    auto &profile = *static_cast<ProfileContext *>(context);
    for (long i = 0; i < profile.count; i++) {
        if (profile.encode) {
            profile.sink += simdjson::minify(profile.document).size();
        } else {
            simdjson::dom::element element;
            profile.sink += parser_parse_ok(profile.parser, profile.json, element);
        }
    }
}

}  // namespace

int main(int argc, char **argv) {
    if (argc == 5 && std::strcmp(argv[1], "--profile") == 0) {
        ProfileContext profile;
        profile.encode = std::strcmp(argv[2], "encode") == 0;
        profile.count = std::atol(argv[3]);
        if (simdjson::padded_string::load(argv[4]).get(profile.json) != simdjson::SUCCESS ||
            profile.parser.parse(profile.json).get(profile.document) != simdjson::SUCCESS) {
            std::fprintf(stderr, "simdjson-peer: %s: cannot read or parse\n", argv[4]);
            return 1;
        }
        long count = profile.count;
        profile.count = 1;
        profileBody(&profile);  // warm-up
        if (profile.parser.parse(profile.json).get(profile.document) != simdjson::SUCCESS) return 1;
        profile.count = count;
        profiled_work(profileBody, &profile);
        std::printf("# %zu\n", profile.sink);
        return 0;
    }
    int rounds = 5;
    std::printf("# simdjson %s, %s implementation\n", PEER_TEXT(SIMDJSON_VERSION),
                simdjson::get_active_implementation()->name().c_str());
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--rounds") == 0) {
            if (i + 1 >= argc || (rounds = std::atoi(argv[i + 1])) <= 0) {
                std::fprintf(stderr, "simdjson-peer: --rounds needs a positive number\n");
                return 2;
            }
            i++;
        } else if (int status = run(argv[i], rounds)) {
            return status;
        }
    }
    return 0;
}
