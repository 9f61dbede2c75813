// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/RemoteLua.h"

namespace memprof::record {

RemoteLua::~RemoteLua() = default;

QString LuaValue::text() const
{
    switch (type) {
    case Type::Nil:
        return QStringLiteral("nil");
    case Type::Boolean:
        return boolean ? QStringLiteral("true") : QStringLiteral("false");
    case Type::Number:
        return QString::number(number, 'g', 17);
    case Type::String:
        return QString::fromUtf8(string);
    }
    return {};
}

const LuaValue& LuaReply::value(int i) const
{
    static const LuaValue nil;
    return i >= 0 && i < values.size() ? values[i] : nil;
}

QByteArray luaStringLiteral(const QByteArray& text)
{
    QByteArray literal;
    literal.reserve(text.size() + 2);
    literal += '"';
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f && c != '"' && c != '\\')
            literal += c;
        else
            literal += '\\' + QByteArray::number(byte).rightJustified(3, '0');
    }
    literal += '"';
    return literal;
}

} // namespace memprof::record
