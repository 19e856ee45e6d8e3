// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/core/refusal.h"
#include "model/core/refusalwording.h"

#include <QCoreApplication>

namespace bo {

namespace {

constexpr const char* refusalsContext = "bo::Refusals";

using Wording = detail::RefusalWording;

Wording wording(Refusal why)
{
    return detail::refusalWording(why);
}

QString translatedSentence(const char* source)
{
    return QCoreApplication::translate(refusalsContext, source);
}

/// %1 .. %99 replaced by args[0] .. args[98] in one pass, so an argument's own "%1" (a file name,
/// a server's text) stays as it is; a placeholder without an argument stays as written.
QString fillPlaceholders(const QString& text, const QStringList& args)
{
    QString out;
    out.reserve(text.size() + 16 * args.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c != QLatin1Char('%') || i + 1 >= text.size() || !text.at(i + 1).isDigit() ||
            text.at(i + 1) == QLatin1Char('0')) {
            out += c;
            continue;
        }
        qsizetype end = i + 1;
        int number = 0;
        while (end < text.size() && end < i + 3 && text.at(end).isDigit())
            number = number * 10 + text.at(end++).digitValue();
        if (number <= args.size()) {
            out += args.at(number - 1);
            i = end - 1;
        } else {
            out += c;
        }
    }
    return out;
}

/// The gap's %1: which migrations are missing below the highest applied, and which are applied
/// but unknown to this program.
QString gapParts(const QStringList& args)
{
    const QString missing = args.value(0);
    const QString highest = args.value(1);
    const QString unknown = args.value(2);
    QStringList parts;
    if (!missing.isEmpty())
        parts << fillPlaceholders(translatedSentence(QT_TRANSLATE_NOOP(
                                      "bo::Refusals", "migration %1 is not applied although %2 is")),
                                  {missing, highest});
    if (!unknown.isEmpty())
        parts << fillPlaceholders(
            translatedSentence(QT_TRANSLATE_NOOP(
                "bo::Refusals", "migration %1 is applied but not shipped with this program")),
            {unknown});
    return parts.join(QStringLiteral("; "));
}

} // namespace

const char* refusalName(Refusal why)
{
    return wording(why).name;
}

Refusal refusalFromName(const QString& name)
{
    for (Refusal why : allRefusals()) {
        if (name == QLatin1String(refusalName(why)))
            return why;
    }
    return Refusal::None;
}

QList<Refusal> allRefusals()
{
    // The enumerators are consecutive from None (0); the first value without a name is past the
    // last.
    QList<Refusal> out;
    for (int i = int(Refusal::None) + 1; refusalName(Refusal(i)); ++i)
        out.append(Refusal(i));
    return out;
}

QString refusalSentence(Refusal why, const QStringList& args)
{
    const Wording w = wording(why);
    if (!w.sentence || !*w.sentence)
        return {};
    if (why == Refusal::SchemaGap)
        return fillPlaceholders(translatedSentence(w.sentence), {gapParts(args)});
    return fillPlaceholders(translatedSentence(w.sentence), args);
}

} // namespace bo
