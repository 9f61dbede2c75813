// SPDX-License-Identifier: GPL-3.0-or-later
// The keyring's answer to one call of record/PasswordKeyring.h, waited for
// (the keyring answers over the session bus, later).
#pragma once

#include "model/record/PasswordKeyring.h"

#include <QObject>
#include <QTest>

#include <optional>

namespace memprof::test {

// `call` is given the callback to hand to readPassword, storePassword or
// forgetPassword; no answer within 20 s is Failed with a message saying so.
template <class Call> record::KeyringAnswer keyringAnswer(Call call)
{
    QObject context;
    std::optional<record::KeyringAnswer> answer;
    call(&context, [&answer](const record::KeyringAnswer& given) { answer = given; });
    if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, 20000)) {
        record::KeyringAnswer none;
        none.message = QStringLiteral("no answer from the keyring in 20 s");
        return none;
    }
    return *answer;
}

inline record::KeyringAnswer readKept(const QString& entry)
{
    return keyringAnswer([&](QObject* context, record::KeyringCallback done) {
        record::readPassword(entry, context, std::move(done));
    });
}

inline record::KeyringAnswer keep(const QString& entry, const QString& password)
{
    return keyringAnswer([&](QObject* context, record::KeyringCallback done) {
        record::storePassword(entry, password, context, std::move(done));
    });
}

inline record::KeyringAnswer forget(const QString& entry)
{
    return keyringAnswer([&](QObject* context, record::KeyringCallback done) {
        record::forgetPassword(entry, context, std::move(done));
    });
}

} // namespace memprof::test
