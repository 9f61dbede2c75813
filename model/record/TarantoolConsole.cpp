// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/TarantoolConsole.h"

#include "model/record/SocketExchange.h"

#include <QCoreApplication>

#include <yaml-cpp/yaml.h>

namespace memprof::record {

namespace {

QString consoleTr(const char* text)
{
    return QCoreApplication::translate("TarantoolConsole", text);
}

// A plain YAML scalar as Tarantool's console writes a Lua value: it quotes
// strings that would read as another type ('true', '12'), so a plain
// scalar is a boolean, a number or a string.
LuaValue plainScalar(const std::string& text)
{
    LuaValue value;
    if (text == "true" || text == "false") {
        value.type = LuaValue::Type::Boolean;
        value.boolean = text == "true";
        return value;
    }
    bool isNumber = false;
    const double number = QByteArray::fromStdString(text).toDouble(&isNumber);
    if (isNumber) {
        value.type = LuaValue::Type::Number;
        value.number = number;
        return value;
    }
    value.type = LuaValue::Type::String;
    value.string = QByteArray::fromStdString(text);
    return value;
}

} // namespace

LuaReply parseConsoleReply(const QByteArray& document)
{
    LuaReply reply;
    YAML::Node root;
    try {
        root = YAML::Load(document.toStdString());
    } catch (const YAML::Exception& e) {
        reply.error = consoleTr("The console's reply is not YAML (%1).").arg(QString::fromStdString(e.msg));
        return reply;
    }
    if (root.IsNull())
        return reply; // a chunk that returned nothing
    if (!root.IsSequence()) {
        reply.error = consoleTr("The console's reply is not a list of values.");
        return reply;
    }
    for (const YAML::Node& node : root) {
        if (node.IsMap() && node["error"]) {
            reply.values.clear();
            const YAML::Node message = node["error"];
            reply.error = message.IsScalar() ? QString::fromStdString(message.Scalar()) : consoleTr("an error");
            return reply;
        }
        LuaValue value;
        if (node.IsScalar())
            value = node.Tag() == "!" ? LuaValue{LuaValue::Type::String, false, 0, QByteArray::fromStdString(node.Scalar())}
                                      : plainScalar(node.Scalar());
        else if (!node.IsNull())
            value = {LuaValue::Type::String, false, 0, QByteArray("<table>")};
        reply.values.push_back(std::move(value));
    }
    return reply;
}

std::unique_ptr<TarantoolConsole> TarantoolConsole::open(const InstanceAddress& address, int timeoutMs,
                                                         QString* error)
{
    std::unique_ptr<QIODevice> socket = connectToInstance(address, timeoutMs, error);
    if (!socket)
        return nullptr;
    QByteArray second;
    const QByteArray greeting = readGreeting(*socket, address, timeoutMs, &second, error);
    if (greeting.isEmpty())
        return nullptr;
    if (greeting.contains("(Binary)")) {
        *error = consoleTr("%1 is Tarantool's binary port, not its admin console: give a user and password to "
                           "record through it, or the console's socket.")
                     .arg(address.text());
        return nullptr;
    }
    if (!greeting.contains("console")) {
        *error = consoleTr("%1 is a Tarantool port but not its Lua console: it greeted with \"%2\".")
                     .arg(address.text(), QString::fromLatin1(greeting));
        return nullptr;
    }
    return std::unique_ptr<TarantoolConsole>(
        new TarantoolConsole(std::move(socket), address, versionInGreeting(greeting)));
}

TarantoolConsole::TarantoolConsole(std::unique_ptr<QIODevice> socket, InstanceAddress address, QString version)
    : socket_(std::move(socket)), address_(std::move(address)), version_(std::move(version))
{
}

LuaReply TarantoolConsole::evaluate(const QByteArray& chunk, int timeoutMs)
{
    SocketExchange exchange(*socket_, address_.text(), timeoutMs);
    // The console runs a line at a time: a chunk is one line.
    QByteArray line = chunk;
    line.replace('\n', ' ');
    line += '\n';
    // A reply ends with a line of three dots.
    if (!exchange.send(line) ||
        !exchange.receiveUntil([](const QByteArray& received) { return received.endsWith("\n...\n"); }))
        return exchange.lost();
    return parseConsoleReply(exchange.received());
}

} // namespace memprof::record
