// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/ShellWords.h"

#include <QCoreApplication>
#include <QFile>

#include <wordexp.h>

namespace memprof::record {

std::optional<QStringList> shellWords(const QString& line, QString* error)
{
    if (line.trimmed().isEmpty())
        return QStringList();
    wordexp_t words{};
    const int status = wordexp(QFile::encodeName(line).constData(), &words, WRDE_NOCMD | WRDE_UNDEF);
    if (status != 0) {
        const auto tr = [](const char* text) { return QCoreApplication::translate("ShellWords", text); };
        switch (status) {
        case WRDE_CMDSUB:
            *error = tr("The arguments hold a command substitution ($(...) or `...`), which is not run.");
            break;
        case WRDE_BADVAL:
            *error = tr("The arguments name a variable that is not set.");
            break;
        case WRDE_BADCHAR:
            *error = tr("The arguments hold a character a shell would treat specially (| & ; < > ( ) { } or a "
                        "newline): quote it.");
            break;
        default:
            *error = tr("The arguments cannot be split as a shell would (an unclosed quote?).");
        }
        if (status == WRDE_NOSPACE)
            wordfree(&words);
        return std::nullopt;
    }
    QStringList list;
    for (std::size_t i = 0; i < words.we_wordc; ++i)
        list << QFile::decodeName(words.we_wordv[i]);
    wordfree(&words);
    return list;
}

} // namespace memprof::record
