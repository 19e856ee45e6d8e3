// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QWidget>

class QLabel;
class QLayout;
class QPushButton;
class QVBoxLayout;

namespace bo {

/// What every kiosk screen shares (one page each in KioskWindow's stack): its margins, the
/// kiosk's touch buttons and wrapping labels, a Back button, what it says when it opens and which
/// control the focus goes to first. A page owns its widgets and tells the window what the
/// customer did; the window moves between the pages.
class KioskPage : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskPage)

public:
    /// A touch button named `name`; `primary`: the screen's main action.
    [[nodiscard]] static QPushButton* makeButton(const QString& name, QWidget* parent, bool primary = false);
    /// A wrapping label named `name`, its look from `role` (title, heading, notice, countdown).
    [[nodiscard]] static QLabel* makeLabel(const QString& name, const QString& role, QWidget* parent);
    /// Deletes a layout's items and their widgets.
    static void clearLayout(QLayout* layout);
    /// A time left as "mm:ss", rounded up to the second.
    [[nodiscard]] static QString timeLeftText(qint64 ms);
    /// What the keypad's keys do, said with the first screens' announcements.
    [[nodiscard]] static QString keysHint();

    /// The page's Back button; null when it has none.
    [[nodiscard]] QPushButton* backButton() const { return m_back; }
    /// Whether the window shows this page.
    [[nodiscard]] bool isCurrent() const;
    /// What the screen says when it opens: where the customer is, what they can do.
    [[nodiscard]] virtual QString announcement() const = 0;
    /// Where the focus goes when the screen opens: the page's choice, else its first visible,
    /// enabled button.
    [[nodiscard]] QWidget* focusTarget() const;
    /// The page's texts in the current language (the window calls it on a change of language).
    virtual void retranslate();
    /// The window shows the page; its announcement follows.
    virtual void opened() {}
    /// Nothing of the customer stays on the page (they left, the next one comes).
    virtual void reset() {}

signals:
    /// Back was pressed.
    void backClicked();

protected:
    KioskPage(const QString& name, QWidget* parent);

    [[nodiscard]] QVBoxLayout* pageLayout() const { return m_layout; }
    /// The page's choice for the first focus; null: its first button.
    [[nodiscard]] virtual QWidget* preferredFocus() const { return nullptr; }
    /// Adds the Back button at the end of the page's layout.
    void addBackButton();
    /// Reading order for buttons made after the page's Back: the list's in order, then Back.
    void chainFocus(QLayout* list) const;

private:
    QVBoxLayout* m_layout;
    QPushButton* m_back = nullptr;
};

} // namespace bo
