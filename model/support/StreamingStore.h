// SPDX-License-Identifier: GPL-3.0-or-later
// Stores that bypass the cache (x86-64 non-temporal stores; a plain store
// elsewhere), for data written once here and read on another core: the
// line is not fetched first, nor kept in this core's cache.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace memprof {

template <class T>
inline void storeStreaming(T& to, const T& from)
{
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) % 8 == 0 && alignof(T) >= 8);
#if defined(__x86_64__)
    std::uint64_t words[sizeof(T) / 8];
    std::memcpy(words, &from, sizeof(T));
    auto* out = reinterpret_cast<long long*>(&to);
    for (std::size_t i = 0; i < sizeof(T) / 8; ++i)
        _mm_stream_si64(out + i, static_cast<long long>(words[i]));
#else
    to = from;
#endif
}

// Makes the streaming stores so far visible before what follows (they are
// weakly ordered): call it before handing the data to another thread.
inline void streamingStoresDone()
{
#if defined(__x86_64__)
    _mm_sfence();
#endif
}

} // namespace memprof
