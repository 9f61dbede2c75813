// SPDX-License-Identifier: GPL-3.0-or-later
// Whether the suites run in `make test`'s second build, under AddressSanitizer
// and UBSan. That pass looks for memory errors and undefined behaviour, where
// each run costs several times its plain time: a sweep that repeats one check
// over many inputs or many spellings runs a share of them there (one that
// still reaches every code path the sweep reaches) and all of them in the
// plain pass, which runs first on the same tree.
#pragma once

namespace testsuite {

#ifdef MEMPROF_SANITIZED_BUILD
inline constexpr bool kSanitizedBuild = true;
#else
inline constexpr bool kSanitizedBuild = false;
#endif

} // namespace testsuite
