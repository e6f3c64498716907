# Sourced by fuzz/run.sh and fuzz/campaign.sh from the package root: the fuzzer's environment,
# and each target's folder under .build-fuzz, dictionary and seed folders. `fuzz_target NAME`
# sets out, dict and seeds, or returns 1 for an unknown name.

# A Swift trap should reach libFuzzer as a plain signal: the runtime's backtracer, reading the
# stack from another thread, trips ASan and can hang.
export SWIFT_BACKTRACE=enable=no
# Leaks in the toolchain's own libraries, each with its reason, are not findings (fuzz/lsan.supp).
# Added once: `run.sh --target all` runs itself per target with this environment.
case ":${LSAN_OPTIONS:-}:" in
    *":suppressions=$PWD/fuzz/lsan.supp:"*) ;;
    *) export LSAN_OPTIONS="suppressions=$PWD/fuzz/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}" ;;
esac
fuzz_targets=(parser probe instruments config swift)

fuzz_target() {
    case "$1" in
        parser) out=.build-fuzz; dict=fuzz/trace.dict; seeds=(fixtures) ;;
        probe) out=.build-fuzz/probe; dict=fuzz/probe.dict; seeds=(fixtures/probe fixtures/fuzz-regressions) ;;
        instruments) out=.build-fuzz/instruments; dict=fuzz/xml.dict; seeds=(fixtures/instruments fixtures/fuzz-regressions) ;;
        config) out=.build-fuzz/config; dict=fuzz/config.dict; seeds=(fixtures/configs fixtures/reporters/config.json) ;;
        swift) out=.build-fuzz/swift; dict=fuzz/swift.dict; seeds=(fixtures/sources fixtures/sources-realworld fixtures/instrument-app fixtures/fuzz-regressions) ;;
        *) return 1 ;;
    esac
}
