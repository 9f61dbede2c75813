// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/services/SourceLocator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <optional>

namespace memprof::services {

namespace {
QString locatorTr(const char* text)
{
    return QCoreApplication::translate("memprof::services::SourceLocator", text);
}

// A file is read only if it is small enough to be source code.
constexpr qint64 kMaxSourceBytes = 64 * 1024 * 1024;

// What may be done with a file a chunk name points to.
struct Verdict {
    enum class Access { Missing, Open, Refuse, Ask };
    Access access = Access::Missing;
    QString resolved; // the path with symbolic links resolved
    QString reason; // Refuse, Ask: why, for the user
};

bool isInside(const QString& path, const QString& folder)
{
    return !folder.isEmpty() && (path == folder || path.startsWith(folder.endsWith(u'/') ? folder : folder + u'/'));
}

Verdict judge(const QString& candidate, const QStringList& trustedFolders, const QStringList& confirmedFiles)
{
    const QFileInfo info(candidate);
    Verdict verdict;
    verdict.resolved = info.canonicalFilePath();
    if (!info.exists() || verdict.resolved.isEmpty())
        return verdict;
    for (const QString& system : {QStringLiteral("/proc"), QStringLiteral("/sys"), QStringLiteral("/dev")}) {
        if (isInside(verdict.resolved, system)) {
            verdict.access = Verdict::Access::Refuse;
            verdict.reason =
                locatorTr("it is in %1, the system's live data (processes, devices), not a source file").arg(system);
            return verdict;
        }
    }
    const QFileInfo resolved(verdict.resolved);
    if (!resolved.isFile()) {
        verdict.access = Verdict::Access::Refuse;
        verdict.reason = resolved.isDir() ? locatorTr("it is a folder") : locatorTr("it is not a regular file");
        return verdict;
    }
    if (resolved.size() > kMaxSourceBytes) {
        verdict.access = Verdict::Access::Refuse;
        verdict.reason = locatorTr("it is larger than 64 MiB, too large for a source file");
        return verdict;
    }
    const bool trusted = std::any_of(trustedFolders.begin(), trustedFolders.end(),
                                     [&](const QString& folder) { return isInside(verdict.resolved, folder); });
    if (trusted || verdict.resolved.endsWith(QLatin1String(".lua")) || confirmedFiles.contains(verdict.resolved)) {
        verdict.access = Verdict::Access::Open;
        return verdict;
    }
    verdict.access = Verdict::Access::Ask;
    verdict.reason =
        locatorTr("it is outside the dump's folder and the source folders, and it is not a Lua source (.lua)");
    return verdict;
}

bool readText(const QString& path, QString& text)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    text = QString::fromUtf8(file.read(kMaxSourceBytes));
    return true;
}

SourceView explanation(const QString& title, const QString& text)
{
    SourceView view;
    view.kind = SourceView::Kind::Explanation;
    view.title = title;
    view.text = text;
    return view;
}

} // namespace

SourceView locateChunkSource(const std::string& chunkname, const std::string& aliasName, int line,
                             const QString& dumpFolder, const QStringList& sourceFolders,
                             const QStringList& confirmedFiles)
{
    SourceView view;
    view.chunkname = QString::fromStdString(chunkname);
    view.line = line;
    if (!aliasName.empty()) {
        // An alias's source is its chunk name: the code the string held.
        view.kind = SourceView::Kind::StoredText;
        view.title =
            locatorTr("%1 (code loaded from a string, as stored in the dump)").arg(QString::fromStdString(aliasName));
        view.text = view.chunkname;
        return view;
    }
    const QString chunk = view.chunkname;
    if (chunk.startsWith(u'=')) {
        SourceView special = explanation(
            chunk,
            locatorTr("The chunk %1 is a special chunk name given by the code that loaded it, not a file.").arg(chunk));
        special.chunkname = chunk;
        return special;
    }
    if (!chunk.startsWith(u'@')) {
        // A one-line chunk loaded from a string: the name is the code itself.
        view.kind = SourceView::Kind::StoredText;
        view.title = locatorTr("code loaded from a string, as stored in the dump");
        view.text = chunk;
        return view;
    }
    const QString path = chunk.mid(1);
    // No file name holds a NUL byte (Qt's file calls refuse one, warning on
    // stderr, which memprof-report's outputs must not carry).
    if (path.contains(QChar(u'\0')))
        return explanation(chunk, locatorTr("The chunk name %1 holds a NUL byte: it names no file.").arg(chunk));
    view.title = path;
    QStringList candidates;
    QStringList searched;
    if (QFileInfo(path).isAbsolute()) {
        candidates << path;
    } else {
        for (const QString& folder : QStringList(dumpFolder) + sourceFolders) {
            if (folder.isEmpty())
                continue;
            searched << QDir::toNativeSeparators(folder);
            candidates << QDir(folder).filePath(path);
            const QString fileName = QFileInfo(path).fileName();
            if (fileName != path)
                candidates << QDir(folder).filePath(fileName);
        }
    }
    QStringList trustedFolders;
    for (const QString& folder : QStringList(dumpFolder) + sourceFolders)
        if (const QString canonical = QFileInfo(folder).canonicalFilePath(); !canonical.isEmpty())
            trustedFolders << canonical;
    std::optional<Verdict> held; // the first file found that is not opened
    for (const QString& candidate : candidates) {
        const Verdict verdict = judge(candidate, trustedFolders, confirmedFiles);
        if (verdict.access == Verdict::Access::Open && readText(verdict.resolved, view.text)) {
            view.kind = SourceView::Kind::File;
            view.filePath = verdict.resolved;
            return view;
        }
        if (!held && (verdict.access == Verdict::Access::Refuse || verdict.access == Verdict::Access::Ask))
            held = verdict;
    }
    if (held) {
        view.kind =
            held->access == Verdict::Access::Refuse ? SourceView::Kind::Refused : SourceView::Kind::NeedsConfirmation;
        view.filePath = held->resolved;
        view.wantedPath = path;
        view.text = held->reason;
        return view;
    }
    view.kind = SourceView::Kind::NotFound;
    view.wantedPath = path;
    view.searched = searched;
    return view;
}

namespace {
SourceView fromChunk(const Profile& profile, const FunctionInfo& fn, int line, const QString& dumpFolder,
                     const QStringList& sourceFolders, const QStringList& confirmedFiles)
{
    const std::string aliasName =
        fn.aliasIndex >= 0 ? profile.aliases[static_cast<std::size_t>(fn.aliasIndex)].name : std::string();
    return locateChunkSource(fn.chunkname, aliasName, line, dumpFolder, sourceFolders, confirmedFiles);
}
} // namespace

SourceView locateSource(const Profile& profile, LocationId location, const QString& dumpFolder,
                        const QStringList& sourceFolders, const QStringList& confirmedFiles)
{
    if (location >= profile.locations.size())
        return {};
    const LocationInfo& loc = profile.locations[location];
    const QString name = QString::fromStdString(loc.name);
    if (loc.function != kNoFunction && loc.function < static_cast<std::int32_t>(profile.functions.size()))
        return fromChunk(profile, profile.functions[static_cast<std::size_t>(loc.function)],
                         static_cast<int>(loc.sourceLine), dumpFolder, sourceFolders, confirmedFiles);
    if (loc.name == "INTERNAL")
        return explanation(name, locatorTr("INTERNAL: memory the LuaJIT runtime allocated or freed on its own behalf "
                                           "(the garbage collector, string interning, table and stack resizing, the "
                                           "JIT compiler), outside any Lua line. There is no source to show."));
    switch (loc.source) {
    case SourceKind::Internal:
        return explanation(name, locatorTr("INTERNAL: memory the LuaJIT runtime allocated or freed on its own behalf "
                                           "(the garbage collector, string interning, table and stack resizing, the "
                                           "JIT compiler), outside any Lua line. There is no source to show."));
    case SourceKind::Trace:
        return explanation(name, locatorTr("A JIT trace whose start is not in the dump's symbol table, so memprof "
                                           "does not know the Lua line where it started."));
    case SourceKind::C:
        return explanation(name, locatorTr("A C function (from the executable or a loaded shared library): memprof "
                                           "records its address and symbol name, not a source line."));
    case SourceKind::Lua:
        return explanation(name, locatorTr("A Lua location whose function is not in the dump's symbol table, so its "
                                           "chunk and line are unknown; memprof names it by the nearest C symbol or "
                                           "its address."));
    }
    return {};
}

SourceView locateFunctionSource(const Profile& profile, std::int32_t function, int line, const QString& dumpFolder,
                                const QStringList& sourceFolders, const QStringList& confirmedFiles)
{
    if (function < 0 || function >= static_cast<std::int32_t>(profile.functions.size()))
        return {};
    return fromChunk(profile, profile.functions[static_cast<std::size_t>(function)], line, dumpFolder, sourceFolders,
                     confirmedFiles);
}

} // namespace memprof::services
