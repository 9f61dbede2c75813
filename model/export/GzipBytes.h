// SPDX-License-Identifier: GPL-3.0-or-later
// gzip (RFC 1952) through zlib: Qt's qCompress writes a zlib stream with a
// length prefix, which gzip readers refuse.
#pragma once

#include <string>
#include <string_view>

namespace memprof {

std::string gzipBytes(std::string_view bytes);

} // namespace memprof
