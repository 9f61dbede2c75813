#!/bin/sh
# The sysprof pages' screenshots for README: each tab at two window sizes,
# from cpu-workload.bin (recorded as cpu-workload.lua says; the functions
# are named from it), the flame graph searched for a function, a deep
# recursion's top-down tree (deep-recursion.bin, as deep-recursion.lua
# says), a memprof table with its functions' names, from the bundled
# sample, and both comparison windows with their functions' names. Run from
# the project's root after a build; needs xvfb-run.
set -e
cd "$(dirname "$0")/../.."
for size in 1366x768 1024x700; do
    for tab in flamegraph top-down bottom-up functions states; do
        search=
        [ "$tab" = flamegraph ] && search=encode
        QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1400x800x24" build/app/memprof-viewer \
            --screenshot "docs/screenshots/sysprof-$tab-$size.png" --size "$size" --tab "$tab" \
            ${search:+--search "$search"} docs/screenshots/cpu-workload.bin
    done
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1400x800x24" build/app/memprof-viewer \
        --screenshot "docs/screenshots/sysprof-flamegraph-search-$size.png" --size "$size" --tab flamegraph \
        --search workload.lua:35 docs/screenshots/cpu-workload.bin
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1400x800x24" build/app/memprof-viewer \
        --screenshot "docs/screenshots/sysprof-top-down-deep-$size.png" --size "$size" --tab top-down \
        docs/screenshots/deep-recursion.bin
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1400x800x24" build/app/memprof-viewer \
        --screenshot "docs/screenshots/memprof-allocations-$size.png" --size "$size" --tab allocations \
        resources/sample/medium.bin
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1400x800x24" build/app/memprof-viewer \
        --screenshot "docs/screenshots/sysprof-comparison-$size.png" --size "$size" \
        --diff docs/screenshots/cpu-workload.bin docs/screenshots/cpu-workload-fib.bin
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1400x800x24" build/app/memprof-viewer \
        --screenshot "docs/screenshots/sysprof-comparison-flamegraph-$size.png" --size "$size" --tab flamegraph \
        --diff docs/screenshots/cpu-workload.bin docs/screenshots/cpu-workload-fib.bin
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1400x800x24" build/app/memprof-viewer \
        --screenshot "docs/screenshots/memprof-comparison-$size.png" --size "$size" --tab functions \
        --diff tests/data/v3/leak.bin tests/data/v3/leak-jit.bin
done
