// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: both decoders (memprof, then sysprof), their aggregation
// and their text reports on arbitrary bytes. Besides the sanitizers' checks it is a differential test:
// the same bytes decoded through the 1 MiB window and through a 64-byte window
// fed by short, irregular reads from a source of unknown size must give the
// same result, and every offset the decoder reports must lie inside the data.
#include "model/memdecoder/MemprofDecoder.h"
#include "model/memprofile/ProfileBuilder.h"
#include "model/memprofile/ProfileLoader.h"
#include "model/report/TextReport.h"
#include "tests/support/ProfileInvariants.h"
#include "tests/support/SysprofInvariants.h"
#include "tests/support/TestSources.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace {

using namespace memprof;

void require(const std::string& broken, const char* where)
{
    if (broken.empty())
        return;
    std::fprintf(stderr, "fuzz_decode: %s: broken: %s\n", where, broken.c_str());
    std::abort();
}

std::string allReports(const Profile& profile)
{
    std::ostringstream out;
    for (int variant = 0; variant < 5; ++variant) {
        ReportOptions options;
        options.humanReadable = variant == 1;
        options.leakOnly = variant == 2;
        options.live = variant == 3;
        options.peak = variant == 4;
        writeTextReport(out, profile, options);
    }
    return out.str();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::span<const std::uint8_t> bytes(data, size);

    std::uint64_t lastProgress = 0;
    DecodeControl control;
    // One window holding all the input (as the default 1 MiB window does for
    // any input the fuzzer makes) without clearing a megabyte per run.
    control.blockSize = size + 1;
    control.progress = [&](std::uint64_t done, std::uint64_t total) {
        if (done < lastProgress || done > size || total != size)
            require("progress went backwards or past the data", "progress");
        lastProgress = done;
    };
    const Profile whole = loadProfile(bytes, control);
    require(test::checkProfile(whole, size), "whole window");
    (void)describeStatus(whole.status);
    const std::string report = allReports(whole);

    test::ChoppyByteSource choppy(bytes);
    ProfileBuilder builder;
    DecodeControl small;
    small.blockSize = 64;
    const Profile pieces = builder.finish(decode(choppy, builder, small));
    require(test::checkProfile(pieces, size), "64-byte window, short reads");

    // The window and the read sizes must not change what is decoded. (The
    // size is unknown to the choppy source, so totals and trailing bytes differ.)
    require(test::compareDecodes(whole.status, pieces.status), "whole vs pieces");
    if (report != allReports(pieces))
        require("the reports differ", "whole vs pieces");

    // The same bytes as a sysprof dump: its own decoder and aggregates.
    require(test::checkSysprofDecodes(bytes), "sysprof");
    return 0;
}
