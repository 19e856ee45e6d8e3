// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <algorithm>
#include <climits>

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAccessible>
#include <QComboBox>
#include <QFontMetrics>
#include <QLabel>
#include <QLineEdit>
#include <QStringList>
#include <QStyle>
#include <QStyleOptionButton>
#include <QWidget>

namespace bo::test {

/// What the kiosk's accessibility tests check on a shown widget tree, as readable lines
/// ("QPushButton 'okButton': no accessible name"); empty when all is well:
/// - every visible widget a customer can reach (focusable, a button, a list, an input, or a
///   label with text) has an accessible name, as a screen reader reads it (QAccessible);
/// - no visible label's or button's text is clipped: one line must fit its width, wrapped text
///   its height (QFontMetrics against the widget's geometry).
/// Layout containers without focus (plain QWidget, QFrame) are walked, not checked.
inline QStringList accessibilityProblems(QWidget* root)
{
    QStringList problems;
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    for (QWidget* w : std::as_const(widgets)) {
        if (!w->isVisible() || w->window() != root->window())
            continue;
        const QString who =
            QStringLiteral("%1 '%2'").arg(QLatin1String(w->metaObject()->className()), w->objectName());
        auto* label = qobject_cast<QLabel*>(w);
        auto* button = qobject_cast<QAbstractButton*>(w);
        const bool reachable = w->focusPolicy() != Qt::NoFocus || button ||
                               qobject_cast<QAbstractItemView*>(w) || qobject_cast<QLineEdit*>(w) ||
                               qobject_cast<QComboBox*>(w) ||
                               (label && !label->text().isEmpty() && label->pixmap().isNull());
        if (reachable) {
            QAccessibleInterface* face = QAccessible::queryAccessibleInterface(w);
            const QString name = face ? face->text(QAccessible::Name).trimmed() : QString();
            if (name.isEmpty())
                problems << who + QStringLiteral(": no accessible name");
        }
        const QFontMetrics metrics(w->font());
        if (label && !label->text().isEmpty() && label->textFormat() != Qt::RichText) {
            const QRect room = label->contentsRect();
            if (label->wordWrap()) {
                if (label->heightForWidth(label->width()) > label->height())
                    problems << who + QStringLiteral(": wrapped text '%1' needs %2 px, has %3")
                                          .arg(label->text())
                                          .arg(label->heightForWidth(label->width()))
                                          .arg(label->height());
            } else {
                const QString longest = [&] {
                    QString l;
                    for (const QString& line : label->text().split(QLatin1Char('\n')))
                        if (metrics.horizontalAdvance(line) > metrics.horizontalAdvance(l))
                            l = line;
                    return l;
                }();
                if (metrics.horizontalAdvance(longest) > room.width())
                    problems << who + QStringLiteral(": text '%1' needs %2 px, has %3")
                                          .arg(longest)
                                          .arg(metrics.horizontalAdvance(longest))
                                          .arg(room.width());
            }
        }
        if (button && !button->text().isEmpty()) {
            QString shown = button->text();
            shown.remove(QLatin1Char('&'));
            // The room inside the style's border and padding (a style sheet's box model too).
            QStyleOptionButton option;
            option.initFrom(button);
            const QRect inside =
                button->style()->subElementRect(QStyle::SE_PushButtonContents, &option, button);
            const int room =
                std::min(button->contentsRect().width(), inside.isValid() ? inside.width() : INT_MAX);
            if (metrics.horizontalAdvance(shown) > room)
                problems << who + QStringLiteral(": button text '%1' needs %2 px, has %3")
                                      .arg(shown)
                                      .arg(metrics.horizontalAdvance(shown))
                                      .arg(room);
        }
    }
    return problems;
}

/// Visible buttons and item views smaller than `minimum` logical px on a side (touch targets).
inline QStringList smallTouchTargets(QWidget* root, int minimum)
{
    QStringList problems;
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->isVisible() || !(qobject_cast<QAbstractButton*>(w) || qobject_cast<QComboBox*>(w)))
            continue;
        if (w->width() < minimum || w->height() < minimum)
            problems << QStringLiteral("%1 '%2': %3 x %4 px")
                            .arg(QLatin1String(w->metaObject()->className()), w->objectName())
                            .arg(w->width())
                            .arg(w->height());
    }
    return problems;
}

} // namespace bo::test
