// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop keyring (GNOME's or KDE's Secret Service, through QtKeychain)
// keeping the password of a Tarantool user that the Record dialog was asked
// to remember: one entry per user and instance, never in the viewer's
// settings file, never in a file of ours in plain text (no fallback). Each
// call answers once, later, on the calling thread; a desktop without a
// keyring is an answer too, not a wait.
#pragma once

#include <QString>

#include <functional>

class QObject;

namespace memprof::record {

struct KeyringAnswer {
    enum class Outcome {
        Done,
        NotFound,    // read, forget: no password kept for the entry
        Unavailable, // no keyring on this desktop (or none that answers)
        Failed,      // the keyring refused (locked, access denied)
    };
    Outcome outcome = Outcome::Failed;
    QString password; // read: what the keyring keeps
    QString message;  // Unavailable, Failed: the keyring's own words
};
using KeyringCallback = std::function<void(const KeyringAnswer&)>;

// The entry the password of `user` on the instance at `address` is kept
// under.
QString keyringEntry(const QString& user, const QString& address);

// The answer is dropped if `context` goes first.
void readPassword(const QString& entry, QObject* context, KeyringCallback answer);
void storePassword(const QString& entry, const QString& password, QObject* context, KeyringCallback answer);
void forgetPassword(const QString& entry, QObject* context, KeyringCallback answer);

} // namespace memprof::record
