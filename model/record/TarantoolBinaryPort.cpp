// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/record/TarantoolBinaryPort.h"

#include "model/record/SocketExchange.h"

#include <QCoreApplication>
#include <QCryptographicHash>

#include <msgpack.h>

namespace memprof::record {

namespace {

QString portTr(const char* text)
{
    return QCoreApplication::translate("TarantoolBinaryPort", text);
}

// IPROTO's keys and request types (box/iproto_constants.h).
enum : int {
    kRequestType = 0x00,
    kSync = 0x01,
    kTuple = 0x21,
    kUserName = 0x23,
    kExpression = 0x27,
    kData = 0x30,
    kErrorText = 0x31,
    kAuth = 0x07,
    kEval = 0x08,
};

struct Packer {
    msgpack_sbuffer buffer;
    msgpack_packer packer;
    Packer()
    {
        msgpack_sbuffer_init(&buffer);
        msgpack_packer_init(&packer, &buffer, msgpack_sbuffer_write);
    }
    ~Packer() { msgpack_sbuffer_destroy(&buffer); }
    Packer(const Packer&) = delete;
    Packer& operator=(const Packer&) = delete;

    void string(const QByteArray& text)
    {
        msgpack_pack_str(&packer, static_cast<std::size_t>(text.size()));
        msgpack_pack_str_body(&packer, text.constData(), static_cast<std::size_t>(text.size()));
    }
    QByteArray bytes() const { return QByteArray(buffer.data, static_cast<qsizetype>(buffer.size)); }
};

LuaValue valueOf(const msgpack_object& object)
{
    LuaValue value;
    switch (object.type) {
    case MSGPACK_OBJECT_NIL:
        break;
    case MSGPACK_OBJECT_BOOLEAN:
        value.type = LuaValue::Type::Boolean;
        value.boolean = object.via.boolean;
        break;
    case MSGPACK_OBJECT_POSITIVE_INTEGER:
        value.type = LuaValue::Type::Number;
        value.number = static_cast<double>(object.via.u64);
        break;
    case MSGPACK_OBJECT_NEGATIVE_INTEGER:
        value.type = LuaValue::Type::Number;
        value.number = static_cast<double>(object.via.i64);
        break;
    case MSGPACK_OBJECT_FLOAT32:
    case MSGPACK_OBJECT_FLOAT64:
        value.type = LuaValue::Type::Number;
        value.number = object.via.f64;
        break;
    case MSGPACK_OBJECT_STR:
        value.type = LuaValue::Type::String;
        value.string = QByteArray(object.via.str.ptr, static_cast<qsizetype>(object.via.str.size));
        break;
    case MSGPACK_OBJECT_BIN:
        value.type = LuaValue::Type::String;
        value.string = QByteArray(object.via.bin.ptr, static_cast<qsizetype>(object.via.bin.size));
        break;
    default:
        value.type = LuaValue::Type::String;
        value.string = "<table>";
    }
    return value;
}

const msgpack_object* mapValue(const msgpack_object& map, int key)
{
    if (map.type != MSGPACK_OBJECT_MAP)
        return nullptr;
    for (std::uint32_t i = 0; i < map.via.map.size; ++i) {
        const msgpack_object_kv& kv = map.via.map.ptr[i];
        if (kv.key.type == MSGPACK_OBJECT_POSITIVE_INTEGER && kv.key.via.u64 == static_cast<std::uint64_t>(key))
            return &kv.val;
    }
    return nullptr;
}

} // namespace

QByteArray chapSha1Scramble(const QByteArray& salt, const QByteArray& password)
{
    const QByteArray hash1 = QCryptographicHash::hash(password, QCryptographicHash::Sha1);
    const QByteArray hash2 = QCryptographicHash::hash(hash1, QCryptographicHash::Sha1);
    const QByteArray hash3 = QCryptographicHash::hash(salt.left(20) + hash2, QCryptographicHash::Sha1);
    QByteArray scramble(hash1.size(), '\0');
    for (qsizetype i = 0; i < hash1.size(); ++i)
        scramble[i] = static_cast<char>(hash1[i] ^ hash3[i]);
    return scramble;
}

std::unique_ptr<TarantoolBinaryPort> TarantoolBinaryPort::open(const InstanceAddress& address, const QString& user,
                                                               const QString& password, int timeoutMs, QString* error)
{
    std::unique_ptr<QIODevice> socket = connectToInstance(address, timeoutMs, error);
    if (!socket)
        return nullptr;
    QByteArray saltLine;
    const QByteArray greeting = readGreeting(*socket, address, timeoutMs, &saltLine, error);
    if (greeting.isEmpty())
        return nullptr;
    if (!greeting.contains("(Binary)")) {
        *error = portTr("%1 is not Tarantool's binary port (it greeted with \"%2\"): a console needs no user "
                        "or password.")
                     .arg(address.text(), QString::fromLatin1(greeting));
        return nullptr;
    }
    std::unique_ptr<TarantoolBinaryPort> port(
        new TarantoolBinaryPort(std::move(socket), address, versionInGreeting(greeting)));
    if (user.isEmpty() || user == QStringLiteral("guest"))
        return port;
    Packer body;
    msgpack_pack_map(&body.packer, 2);
    msgpack_pack_int(&body.packer, kUserName);
    body.string(user.toUtf8());
    msgpack_pack_int(&body.packer, kTuple);
    msgpack_pack_array(&body.packer, 2);
    body.string("chap-sha1");
    const QByteArray scramble = chapSha1Scramble(QByteArray::fromBase64(saltLine), password.toUtf8());
    msgpack_pack_str(&body.packer, static_cast<std::size_t>(scramble.size()));
    msgpack_pack_str_body(&body.packer, scramble.constData(), static_cast<std::size_t>(scramble.size()));
    const LuaReply reply = port->call(kAuth, body.bytes(), timeoutMs);
    if (reply.error) {
        *error = reply.connectionLost ? *reply.error
                                      : portTr("%1 refused the user %2: %3").arg(address.text(), user, *reply.error);
        return nullptr;
    }
    return port;
}

TarantoolBinaryPort::TarantoolBinaryPort(std::unique_ptr<QIODevice> socket, InstanceAddress address, QString version)
    : socket_(std::move(socket)), address_(std::move(address)), version_(std::move(version))
{
}

LuaReply TarantoolBinaryPort::evaluate(const QByteArray& chunk, int timeoutMs)
{
    Packer body;
    msgpack_pack_map(&body.packer, 2);
    msgpack_pack_int(&body.packer, kExpression);
    body.string(chunk);
    msgpack_pack_int(&body.packer, kTuple);
    msgpack_pack_array(&body.packer, 0);
    return call(kEval, body.bytes(), timeoutMs);
}

LuaReply TarantoolBinaryPort::call(int type, const QByteArray& body, int timeoutMs)
{
    SocketExchange exchange(*socket_, address_.text(), timeoutMs);
    Packer header;
    msgpack_pack_map(&header.packer, 2);
    msgpack_pack_int(&header.packer, kRequestType);
    msgpack_pack_int(&header.packer, type);
    msgpack_pack_int(&header.packer, kSync);
    msgpack_pack_uint64(&header.packer, ++sync_);
    const QByteArray payload = header.bytes() + body;
    // A 5-byte length (uint32), as every connector writes it.
    const auto size = static_cast<std::uint32_t>(payload.size());
    const char prefix[5] = {static_cast<char>(0xce), static_cast<char>(size >> 24), static_cast<char>(size >> 16),
                            static_cast<char>(size >> 8), static_cast<char>(size)};
    if (!exchange.send(QByteArray(prefix, 5) + payload))
        return exchange.lost();
    const auto readAtLeast = [&](qsizetype bytes) {
        return exchange.receiveUntil([bytes](const QByteArray& received) { return received.size() >= bytes; });
    };
    // The reply's length: a MessagePack unsigned integer of 1 to 9 bytes.
    if (!readAtLeast(1))
        return exchange.lost();
    const QByteArray& received = exchange.received();
    const auto first = static_cast<unsigned char>(received[0]);
    const int lengthBytes = first < 0x80 ? 1 : first == 0xcc ? 2 : first == 0xcd ? 3 : first == 0xce ? 5 : 9;
    if (!readAtLeast(lengthBytes))
        return exchange.lost();
    std::uint64_t replySize = 0;
    if (lengthBytes == 1)
        replySize = first;
    else
        for (int i = 1; i < lengthBytes; ++i)
            replySize = (replySize << 8) | static_cast<unsigned char>(received[i]);
    constexpr std::uint64_t kLargestReply = 1ull << 30;
    if (replySize > kLargestReply)
        return exchange.lost(
            portTr("%1 sent a reply of %2 bytes: not a Tarantool reply.").arg(address_.text()).arg(replySize));
    if (!readAtLeast(lengthBytes + static_cast<qsizetype>(replySize)))
        return exchange.lost();

    LuaReply reply;
    msgpack_unpacked unpacked;
    msgpack_unpacked_init(&unpacked);
    std::size_t offset = static_cast<std::size_t>(lengthBytes);
    const auto end = static_cast<std::size_t>(lengthBytes) + replySize;
    msgpack_object replyHeader{};
    const bool headerRead =
        msgpack_unpack_next(&unpacked, received.constData(), end, &offset) == MSGPACK_UNPACK_SUCCESS;
    if (headerRead)
        replyHeader = unpacked.data;
    const msgpack_object* code = headerRead ? mapValue(replyHeader, kRequestType) : nullptr;
    const std::uint64_t status = code && code->type == MSGPACK_OBJECT_POSITIVE_INTEGER ? code->via.u64 : ~0ull;
    // The body is unpacked into a second object: the header's memory stays.
    msgpack_unpacked bodyUnpacked;
    msgpack_unpacked_init(&bodyUnpacked);
    const bool bodyRead =
        headerRead && offset < end &&
        msgpack_unpack_next(&bodyUnpacked, received.constData(), end, &offset) == MSGPACK_UNPACK_SUCCESS;
    if (!headerRead || status == ~0ull) {
        reply.error = portTr("%1 sent a reply that is not IPROTO.").arg(address_.text());
    } else if (status != 0) {
        const msgpack_object* text = bodyRead ? mapValue(bodyUnpacked.data, kErrorText) : nullptr;
        reply.error = text && text->type == MSGPACK_OBJECT_STR
                          ? QString::fromUtf8(text->via.str.ptr, static_cast<qsizetype>(text->via.str.size))
                          : portTr("error %1").arg(status & 0x7fff);
    } else if (const msgpack_object* data = bodyRead ? mapValue(bodyUnpacked.data, kData) : nullptr;
               data && data->type == MSGPACK_OBJECT_ARRAY) {
        for (std::uint32_t i = 0; i < data->via.array.size; ++i)
            reply.values.push_back(valueOf(data->via.array.ptr[i]));
    }
    msgpack_unpacked_destroy(&bodyUnpacked);
    msgpack_unpacked_destroy(&unpacked);
    return reply;
}

} // namespace memprof::record
