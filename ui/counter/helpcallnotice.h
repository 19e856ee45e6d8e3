// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QFrame>
#include <QList>
#include <QStringList>

class QLabel;
class QPushButton;
class QVBoxLayout;

namespace bo {

class HelpCallBoard;

/// The counter's notice of help calls from the kiosks: one line per call not closed
/// with the kiosk's name, "On my way" while nobody answered, who answered and "Done" after.
/// Hidden while there is no call; shown at once when one arrives, on the board and on the
/// sale page alike. Rebuilt from the board's model on every change.
class HelpCallNotice final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HelpCallNotice)

public:
    explicit HelpCallNotice(HelpCallBoard* board, QWidget* parent = nullptr);
    ~HelpCallNotice() override;

    /// The "On my way" or "Done" button of the call, or nullptr (tests).
    [[nodiscard]] QPushButton* buttonFor(qint64 callId) const;
    /// The text of the call's line, or empty (tests).
    [[nodiscard]] QString textFor(qint64 callId) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();

    HelpCallBoard* m_board;
    QVBoxLayout* m_rows = nullptr;
    QList<QWidget*> m_lines;
    QStringList m_shown; ///< id|state|answered by of each line shown
    bool m_retranslate = false;
};

} // namespace bo
