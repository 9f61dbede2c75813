// SPDX-License-Identifier: GPL-3.0-or-later
// A running Tarantool that evaluates Lua for us, whatever the connection:
// its admin console (TarantoolConsole.h) or its binary port
// (TarantoolBinaryPort.h). What a recording asks of an instance (start a
// profiler, read the dump back in chunks, delete it) is written once over
// this interface (RemoteProfiler.h).
//
// Blocking calls with deadlines: a recording runs on a worker thread (a
// job), never on the GUI thread, and a call that outlives its deadline ends
// with an error instead of hanging.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace memprof::record {

// One value a Lua chunk returned: nil, a boolean, a number or a string (the
// snippets a recording sends return nothing else).
struct LuaValue {
    enum class Type { Nil, Boolean, Number, String };
    Type type = Type::Nil;
    bool boolean = false;
    double number = 0;
    QByteArray string;

    bool isNil() const { return type == Type::Nil; }
    // Lua's truth: all but nil and false.
    bool truthy() const { return type != Type::Nil && !(type == Type::Boolean && !boolean); }
    QString text() const;
};

struct LuaReply {
    QList<LuaValue> values;
    // Set when the chunk raised an error, or the call failed (connection
    // lost, deadline passed): the values are then empty.
    std::optional<QString> error;
    // The call failed on the connection, not in Lua: the instance may not
    // have run the chunk, and the connection is gone.
    bool connectionLost = false;

    const LuaValue& value(int i) const;
};

class RemoteLua {
public:
    virtual ~RemoteLua();
    // Runs `chunk` (Lua statements ending in `return ...`, on one line) on
    // the instance and waits at most `timeoutMs` for its values.
    virtual LuaReply evaluate(const QByteArray& chunk, int timeoutMs) = 0;
    // "2.6.0", as the instance's greeting says.
    virtual QString serverVersion() const = 0;
    // Where it is connected, for messages: "/run/tarantool/app.control", "host:3301".
    virtual QString address() const = 0;
};

// `text` as a Lua string literal (quoted, every byte that is not printable
// ASCII escaped), so that a path or a password is never read as code.
QByteArray luaStringLiteral(const QByteArray& text);

} // namespace memprof::record
