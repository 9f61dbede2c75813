// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/RemoteProfiler.h"

#include <QCoreApplication>

namespace memprof::record {

namespace {

QString profilerTr(const char* text)
{
    return QCoreApplication::translate("RemoteProfiler", text);
}

// Each snippet is one line of Lua: the console runs a line at a time.
constexpr char kCheck[] =
    "local has = function(name) return type(misc) == 'table' and type(misc[name]) == 'table' "
    "and type(misc[name].start) == 'function' end "
    "return _TARANTOOL, has('memprof'), has('sysprof')";

} // namespace

RemoteProfiler::RemoteProfiler(RemoteLua& instance, ProfilerKind kind, CpuProfilerOptions cpuOptions)
    : instance_(instance), kind_(kind), cpuOptions_(cpuOptions)
{
}

QString RemoteProfiler::profilerName() const
{
    return kind_ == ProfilerKind::Memory ? profilerTr("memory profiler (misc.memprof)")
                                         : profilerTr("CPU profiler (misc.sysprof)");
}

QString RemoteProfiler::failed(const QString& step, const LuaReply& reply) const
{
    return profilerTr("%1 on %2 failed: %3").arg(step, instance_.address(), reply.error.value_or(QString()));
}

std::optional<QString> RemoteProfiler::check()
{
    const LuaReply reply = instance_.evaluate(kCheck, kCallTimeoutMs);
    if (reply.error)
        return failed(profilerTr("Asking what the instance runs"), reply);
    QString version = reply.value(0).text();
    if (reply.value(0).isNil())
        version = instance_.serverVersion();
    version = version.section(u'-', 0, 0);
    const bool has = reply.value(kind_ == ProfilerKind::Memory ? 1 : 2).truthy();
    if (has)
        return std::nullopt;
    return kind_ == ProfilerKind::Memory
               ? profilerTr("Tarantool %1 at %2 has no memory profiler: misc.memprof came with Tarantool 2.7.1. "
                            "Upgrade the instance to record its memory.")
                     .arg(version, instance_.address())
               : profilerTr("Tarantool %1 at %2 has no CPU profiler: misc.sysprof came with Tarantool 2.10.0 "
                            "(and needs Linux on x86-64). Upgrade the instance to record its CPU time.")
                     .arg(version, instance_.address());
}

std::optional<QString> RemoteProfiler::start()
{
    const QByteArray startCall =
        kind_ == ProfilerKind::Memory
            ? QByteArray("misc.memprof.start(path)")
            : QByteArray("misc.sysprof.start({mode = ") + luaStringLiteral(QByteArray(1, cpuOptions_.mode)) +
                  ", interval = " + QByteArray::number(cpuOptions_.intervalMs) + ", path = path})";
    const QByteArray chunk = "local path = os.tmpname() local ok, err = " + startCall +
                             " if not ok then os.remove(path) return false, tostring(err) end return true, path";
    const LuaReply reply = instance_.evaluate(chunk, kCallTimeoutMs);
    if (reply.error)
        return failed(profilerTr("Starting the %1").arg(profilerName()), reply);
    if (!reply.value(0).truthy()) {
        const QString why = reply.value(1).text();
        if (why.contains(QStringLiteral("running already"), Qt::CaseInsensitive))
            return profilerTr("The %1 on %2 is already recording (someone else's recording?). It was left "
                              "running: record again once it has stopped.")
                .arg(profilerName(), instance_.address());
        return profilerTr("The %1 on %2 did not start: %3").arg(profilerName(), instance_.address(), why);
    }
    remotePath_ = reply.value(1).string;
    running_ = true;
    return std::nullopt;
}

std::optional<QString> RemoteProfiler::stop()
{
    if (!running_)
        return std::nullopt;
    const QByteArray chunk = kind_ == ProfilerKind::Memory
                                 ? QByteArray("local ok, err = misc.memprof.stop() return ok == true, tostring(err)")
                                 : QByteArray("local ok, err = misc.sysprof.stop() return ok == true, tostring(err)");
    const LuaReply reply = instance_.evaluate(chunk, kCallTimeoutMs);
    if (reply.error)
        return failed(profilerTr("Stopping the %1").arg(profilerName()), reply);
    running_ = false;
    if (reply.value(0).truthy())
        return std::nullopt;
    const QString why = reply.value(1).text();
    if (why.contains(QStringLiteral("No space left"), Qt::CaseInsensitive))
        return profilerTr("The instance's disk filled up during the recording (%1): what was written until then "
                          "is brought back and opens as a dump cut short.")
            .arg(why);
    return profilerTr("The %1 on %2 reported an error when stopped: %3. What it wrote is brought back.")
        .arg(profilerName(), instance_.address(), why);
}

std::optional<QString> RemoteProfiler::fetch(QIODevice& out, const DecodeControl& control, qint64* received)
{
    const QByteArray path = luaStringLiteral(remotePath_);
    const LuaReply size = instance_.evaluate("local f, err = io.open(" + path +
                                                 ", 'rb') if not f then return nil, tostring(err) end "
                                                 "local n = f:seek('end') f:close() return n",
                                             kCallTimeoutMs);
    if (size.error)
        return failed(profilerTr("Reading the dump's size"), size);
    if (size.value(0).type != LuaValue::Type::Number)
        return profilerTr("The dump %1 on %2 cannot be read: %3")
            .arg(QString::fromUtf8(remotePath_), instance_.address(), size.value(1).text());
    const auto total = static_cast<qint64>(size.value(0).number);
    while (*received < total) {
        if (control.stop && control.stop->load(std::memory_order_relaxed))
            return profilerTr("Cancelled after %1 of %2 bytes.").arg(*received).arg(total);
        const qint64 want = std::min(chunkBytes_, total - *received);
        // Base64: a console's YAML carries text, not bytes.
        const LuaReply chunk = instance_.evaluate(
            "local f, err = io.open(" + path + ", 'rb') if not f then return nil, tostring(err) end f:seek('set', " +
                QByteArray::number(*received) + ") local data = f:read(" + QByteArray::number(want) +
                ") f:close() return require('digest').base64_encode(data or '', {nowrap = true})",
            kChunkTimeoutMs);
        if (chunk.error)
            return profilerTr("Bringing the dump back from %1 stopped after %2 of %3 bytes: %4")
                .arg(instance_.address())
                .arg(*received)
                .arg(total)
                .arg(*chunk.error);
        if (chunk.value(0).type != LuaValue::Type::String)
            return profilerTr("The dump on %1 cannot be read any more after %2 bytes: %3")
                .arg(instance_.address())
                .arg(*received)
                .arg(chunk.value(1).text());
        const QByteArray bytes = QByteArray::fromBase64(chunk.value(0).string);
        if (bytes.isEmpty())
            break; // the file got shorter: what is there has been brought
        if (out.write(bytes) != bytes.size())
            return profilerTr("Writing the dump here failed after %1 bytes: %2").arg(*received).arg(out.errorString());
        *received += bytes.size();
        if (control.progress)
            control.progress(static_cast<std::uint64_t>(*received), static_cast<std::uint64_t>(total));
    }
    return std::nullopt;
}

std::optional<QString> RemoteProfiler::remove()
{
    if (remotePath_.isEmpty())
        return std::nullopt;
    const LuaReply reply = instance_.evaluate(
        "local ok, err = os.remove(" + luaStringLiteral(remotePath_) + ") return ok == true, tostring(err)",
        kCallTimeoutMs);
    if (reply.error)
        return failed(profilerTr("Deleting the dump"), reply);
    if (!reply.value(0).truthy())
        return profilerTr("The dump %1 could not be deleted on %2: %3")
            .arg(QString::fromUtf8(remotePath_), instance_.address(), reply.value(1).text());
    remotePath_.clear();
    return std::nullopt;
}

} // namespace memprof::record
