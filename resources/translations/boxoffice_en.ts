<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>bo</name>
    <message>
        <source>No card payment service is configured.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::AmountDialog</name>
    <message>
        <source>Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the amount.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say why the cash moves.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::AuditChainCheck</name>
    <message>
        <source>Row %1 (%2) has no place in the chain: it was written around the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Places %1 to %2 of the chain are missing: rows were removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Place %1 of the chain has lost its row %2: it was removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Place %1 (row %2, %3) does not match its hash: the row or the one before it was changed or removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chain ends at place %1 but its head says %2: the last rows were removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chain&apos;s last hash differs from its head&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::BookingCodeRow</name>
    <message>
        <source>Find</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::CardStepHandler</name>
    <message>
        <source>The payment service cannot reach its database.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::CashUpDialog</name>
    <message>
        <source>Close the shift: count the drawer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash counted:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anything else (total):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the shift with this count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count the cash in the drawer and enter it. The till tells what it expected only after the count is in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Z report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted %1, expected %2: the drawer is right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted %1, expected %2: over by %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted %1, expected %2: short by %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::CheckedSeatCommands</name>
    <message>
        <source>The %1 &apos;%2&apos; is not a UUID (like 3f2b8c1e-9d4a-4c1b-8e7f-0a1b2c3d4e5f).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hold token is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The terminal name is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The idempotency key is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give one ticket type per seat.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::CounterMain</name>
    <message>
        <source>Box office</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cinema box office: the counter application.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::CounterWindow</name>
    <message>
        <source>Switch to today to sell the next showtime.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No showtime is on sale any more today.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database cannot be reached; nothing can be sold offline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box office — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Card terminal (demo)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approve payments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decline payments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer slowly, then approve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offline — the database cannot be reached (since %1). Nothing can be sold until it is back. Reconnecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never answer (the payment is checked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Payments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Unresolved payments…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tickets of booking %1 were not printed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print a booking&apos;s tickets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking code (XXXX-XXXX):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing the tickets of booking %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tickets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print on confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print a booking&apos;s tickets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1: tickets saved as a PDF: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1: tickets printed on %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;atalogue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hall layouts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Week planner…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Films…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till locked: %1 is signed in. Their PIN, or another member&apos;s, opens it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody signed in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Locked — %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed in: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One moment: the till is checking who may sell here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Staff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Lock till</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reports…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::DatabaseSetup</name>
    <message>
        <source>No database is configured: pass --db CONNINFO, set BOXOFFICE_DB, or use --demo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo login is locked by %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::DoorWindow</name>
    <message>
        <source>Door: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan a ticket · Esc clears the screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · %3 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · showtime %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all halls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · %3 showtimes starting within %4 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admitted %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OFFLINE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo last admit (Backspace) · %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo last admit</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Online · sending %n scan(s)</source>
        <translation>
            <numerusform>Online · sending %n scan</numerusform>
            <numerusform>Online · sending %n scans</numerusform>
        </translation>
    </message>
    <message>
        <source>OFFLINE — checking by signature and the ticket list of %1 (%2 tickets). Every scan is kept and sent when the connection is back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OFFLINE — no ticket list on this door: tickets cannot be checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n scan(s) to send.</source>
        <translation>
            <numerusform>%n scan to send.</numerusform>
            <numerusform>%n scans to send.</numerusform>
        </translation>
    </message>
    <message>
        <source>Used twice: seat %1 (ticket %2) was admitted here offline at %3 and at %4 at %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admitted offline at %1 but not valid (%2): seat %3 (ticket %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n report(s) in all: boxoffice-admin checkins lists them.</source>
        <translation>
            <numerusform>%n report in all: boxoffice-admin checkins lists it.</numerusform>
            <numerusform>%n reports in all: boxoffice-admin checkins lists them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bo::Ed25519</name>
    <message>
        <source>The cryptography library did not start.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::ExchangeDialog</name>
    <message>
        <source>Exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as printed, e.g. H3 H4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This exchange needs a supervisor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seats to give up:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New showtime:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New seats:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up the booking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 paid %2 for %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name the new seats and say why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchanging…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A supervisor types their number and PIN first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchanged %1 of %2 for %3 in the new booking %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take %1 in cash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hand back %1 in cash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 goes back to the card.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::FilmCatalog</name>
    <message>
        <source>A film needs a title.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A title has at most 200 characters: &apos;%1…&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A title is one line without control characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A runtime is 1 to 600 minutes, not %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is no age rating; use one of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is no format; use one of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is no language code; use two letters like ko or en.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A film cannot stop playing (%1) before its release (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A poster has at most %1 bytes, not %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A poster is a PNG or JPEG image.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::FilmForm</name>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>English title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;English title:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runtime in minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Runtime:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;ge rating:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A film&apos;s format is not edited: the same title in another format is another film.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spoken language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ko, en, … (empty: not said)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subtitles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ko, en, … (empty: none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;ubtitles:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Released on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plays until</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last day it plays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Until:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Poster preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;hoose poster…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N&amp;o poster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Poster:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What is wrong with the film</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the poster %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A poster has at most %1 bytes; %2 has %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is no PNG or JPEG image.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the film&apos;s poster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Posters (*.png *.jpg *.jpeg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No poster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 × %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::FilmScreen</name>
    <message>
        <source>Films</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Poster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>English title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Until</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New film</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ret&amp;ire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A retired film gets no new showtimes; those it has keep selling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reloa&amp;d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save film</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Films status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The films could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retired %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Film %1 added: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Film %1 saved: %2. Showtimes already made keep their slot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is retired: no new showtimes; those it has keep selling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 plays again: it may get showtimes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Un-ret&amp;ire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add film</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::HallImporter</name>
    <message>
        <source>A hall&apos;s name is 1 to 80 characters without spaces around it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::HallLayoutFormat</name>
    <message>
        <source>%1 has an unknown field &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a number &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a text &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> (and %n more problem(s))</source>
        <translation>
            <numerusform> (and %n more problem)</numerusform>
            <numerusform> (and %n more problems)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not a number within +/-%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has more than three decimals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the screen&apos;s x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the screen&apos;s width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the screen&apos;s width is not positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zone code &apos;%1&apos; is not 1 to 32 letters, digits, &apos;_&apos; or &apos;-&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zone &apos;%1&apos; is declared twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zone &apos;%1&apos; has a name longer than %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the aisle&apos;s x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the aisle&apos;s y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the aisle&apos;s width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the aisle&apos;s height</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an aisle&apos;s width and height are positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layout has no seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row &apos;%1&apos; is not one to three capital letters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seat number %1 is not between 1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>section &apos;%1&apos; is longer than %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seat %1&apos;s x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seat %1&apos;s y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seat %1 is in zone &apos;%2&apos;, which the layout does not declare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate seat label %1 (also on line %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate seat label %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seat %1 stands in the aisle of line %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seat %1 stands in an aisle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seat %1 overlaps seat %2 (line %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seat %1 overlaps seat %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a quote is not closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seat &apos;%1&apos; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>x &apos;%1&apos; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>y &apos;%1&apos; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown seat kind &apos;%1&apos; (standard, premium, couple, wheelchair, companion)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zone &apos;%1&apos; is not 1 to 32 letters, digits, &apos;_&apos; or &apos;-&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not JSON: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a layout is a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the format is &apos;%1&apos;, not boxoffice-hall-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the screen&apos;s side is top or bottom, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the screen has both x and width, or neither</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an aisle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layout has no array &apos;seats&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a seat is a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out_of_service is true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label %1 is not row %2 and seat %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the header has no column &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown column &apos;%1&apos; in the header (section,row,seat,x,y,kind,zone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the header names column &apos;%1&apos; twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the line is longer than 16 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fewer fields than the %1 of the first line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fewer fields than the %1 the header names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more fields than the %1 of the first line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more fields than the %1 the header names</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::HelpCallBoard</name>
    <message>
        <source>%1 asks for help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is on the way</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::HelpCallNotice</name>
    <message>
        <source>Help needed at %1 (since %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: you are on your way (called %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is on the way (called %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On my way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On my way to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Help at %1 done</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskAttractPage</name>
    <message>
        <source>No films on sale now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing today:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket kiosk. Press OK to start buying tickets. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buy your tickets here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Touch to start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start buying tickets</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskDonePage</name>
    <message>
        <source>Please take your tickets below. Your booking code is %1. Enjoy the film!</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your booking is confirmed, but the tickets could not be printed. Show this code at the counter or the door: %1. Staff at the counter can print your tickets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thank you!</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing your tickets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your booking is confirmed. Show this code at the door: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QR code of booking %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskExtendPrompt</name>
    <message>
        <source>Asking for more time…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your seats are kept for %1 more. Do you need more time?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No, thank you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sorry, no more time can be added. Please finish your order now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yes, more time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskFilmsPage</name>
    <message>
        <source>Choose a film. Films showing: %1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a film</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskHelpCall</name>
    <message>
        <source>Staff have been called and will come to you. Please stay here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staff from %1 are on their way to you.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>We could not reach the staff. Please ask at the counter. We are sorry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Please ask at the counter: staff there will help you.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calling staff…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys: the arrows move, OK chooses, Back goes back, Help calls staff.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskIdlePrompt</name>
    <message>
        <source>Are you still there? Touch Continue to keep your order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskMain</name>
    <message>
        <source>Box office kiosk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cinema box office: the self-service kiosk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A window instead of the full screen (set-up, screenshots).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the staff PIN (4 to 12 digits) from standard input, store its Argon2id hash and exit.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskNoticePage</name>
    <message>
        <source>Start again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskOutOfServicePage</name>
    <message>
        <source>Out of service. Please buy your tickets at the counter. We are sorry.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskPage</name>
    <message>
        <source>Arrows move, OK chooses, Back goes back, Help calls staff.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskPaymentPage</name>
    <message>
        <source>The card was declined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was charged. Your seats are still kept for you. You can try again with another card, or cancel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payment did not go through</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was charged. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card payment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Please insert or tap your card on the terminal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking your payment with the bank. This can take a moment; please wait.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking your seats…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your seats could not be booked. Giving the card payment back…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card payment. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel and start over</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskQueuePage</name>
    <message>
        <source>We are working out the wait.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Less than a minute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>About %n minute(s).</source>
        <translation>
            <numerusform>About %n minute.</numerusform>
            <numerusform>About %n minutes.</numerusform>
        </translation>
    </message>
    <message>
        <source>Checking whether there is a line…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is a line for this showing so that everyone can choose seats in peace.
You are number %1.
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Please wait a moment. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Please wait a moment</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskSeatsPage</name>
    <message>
        <source>Sorry, someone else just took a seat you wanted. Please choose other seats.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sorry, someone else just took a seat you wanted. The nearest seats together are free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Touch a seat to choose it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seats %1 (%2 of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seats %1 are kept for you.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your seats. The best seats together are chosen for you; Continue keeps them. Above Continue, a list of seats together, best first, lets you choose others.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the nearest seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheelchair spaces first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheelchair spaces and companion seats first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seats together, best first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up and down move through the blocks of seats; OK chooses one.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskShowtimesPage</name>
    <message numerus="yes">
        <source>%1 · %2 · %n seat(s) free</source>
        <translation>
            <numerusform>%1 · %2 · %n seat free</numerusform>
            <numerusform>%1 · %2 · %n seats free</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a time. Showings: %1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskStaffPage</name>
    <message>
        <source>Staff: a supervisor&apos;s number and PIN close the kiosk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staff: one moment…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staff: enter the PIN to close the kiosk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No staff PIN is set on this kiosk (boxoffice-kiosk --set-staff-pin).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrong PIN. Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the kiosk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staff PIN</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskSummaryPage</name>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check your order. %1. Pay by card to buy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check your order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pay by card</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskTicketsPage</name>
    <message>
        <source>One %1 ticket less</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One %1 ticket more</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n ticket(s), %1</source>
        <translation>
            <numerusform>%n ticket, %1</numerusform>
            <numerusform>%n tickets, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>How many tickets? Plus and minus for each ticket type, then Continue to seats. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many tickets?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue to seats</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskToolBar</name>
    <message>
        <source>Large text on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Large text off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High contrast on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High contrast off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low reach on: everything is in the lower half of the screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low reach off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Call staff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staff at the counter are told to come to this kiosk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Large text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contrast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low reach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moves everything into the lower half of the screen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quieter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Louder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faster</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskVoiceGuide</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no seats together are free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Volume %1 percent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slower speech</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faster speech</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normal speech</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::KioskWindow</name>
    <message>
        <source>Your place in the line has ended. Please start again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>We could not finish your payment. Nothing is booked. If your card was charged, the charge is given back automatically. Staff at the counter can check it for you.
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time to choose ran out and the seats were given back. You can start again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your order was cancelled. You can start again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your seats are kept for %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::LayoutCanvas</name>
    <message>
        <source>Hall layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SCREEN</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::LayoutEditor</name>
    <message>
        <source>Standard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Premium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Couple pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheelchair space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Companion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hall layout editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hall name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Replace the hall&apos;s layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the hall&apos;s layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hall:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seats per row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Block left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Block front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip rows I and O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat numbering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left to right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right to left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Odd left, even right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aisle after seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no aisle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aisle width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind of the block&apos;s seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price zone of the block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add &amp;block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Block of rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left, front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numbering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind of the selected seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set &amp;kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price zone of the selected seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set &amp;zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aisle left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aisle front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aisle depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add &amp;aisle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Screen at the top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Screen at the bottom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aisle and screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width, depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems of the layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat kind %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price zone %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No problems: the layout can be saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s)</source>
        <translation>
            <numerusform>%n seat</numerusform>
            <numerusform>%n seats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n aisle(s)</source>
        <translation>
            <numerusform>%n aisle</numerusform>
            <numerusform>%n aisles</numerusform>
        </translation>
    </message>
    <message>
        <source>Add %1 x %2 seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add aisle</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Move %n seat(s)</source>
        <translation>
            <numerusform>Move %n seat</numerusform>
            <numerusform>Move %n seats</numerusform>
        </translation>
    </message>
    <message>
        <source>No seat selected (click, Ctrl+click or drag a frame)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) selected</source>
        <translation>
            <numerusform>%n seat selected</numerusform>
            <numerusform>%n seats selected</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened hall %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Saved the new hall %1 (%n seat(s)).</source>
        <translation>
            <numerusform>Saved the new hall %1 (%n seat).</numerusform>
            <numerusform>Saved the new hall %1 (%n seats).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved hall %1 as version %2 (%n seat(s)).</source>
        <translation>
            <numerusform>Saved hall %1 as version %2 (%n seat).</numerusform>
            <numerusform>Saved hall %1 as version %2 (%n seats).</numerusform>
        </translation>
    </message>
    <message>
        <source>Opening hall %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving hall %1…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::ManagerSignInDialog</name>
    <message>
        <source>Week planner: manager sign-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hall layouts: manager sign-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The catalogue is a manager&apos;s. Sign in with a manager&apos;s login.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manager login</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Login:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a manager&apos;s login.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not signed in: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Films: manager sign-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manager: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reports: manager sign-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::PaymentProcess</name>
    <message>
        <source>The payment could not be recorded; nothing was charged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The card answered, but the answer could not be stored; it is checked again automatically.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payment service never received the payment; nothing was charged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The card payment could not be checked in time. If it went through, it is voided automatically.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This payment was already handled elsewhere (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The booking could not be confirmed or checked. The payment is captured if the booking was made and voided if not, automatically.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The booking could not be confirmed or checked. Keep the cash until it is known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cash handed back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the terminal stopped before the payment was sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no booking was made</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sale&apos;s booking is still pending after its release.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payment service could not be reached; nothing was charged.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::PaymentRecordListModel</name>
    <message>
        <source>Started %1, last change %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (calls unanswered: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Service reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconciler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded, not sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Authorising (outcome unknown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Authorised</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Declined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capturing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Captured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Voiding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Voided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abandoned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark never charged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask the payment service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hand the cash back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Void</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give up the sale, then void</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: a refund is for staff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None while the sale may still finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (next pass)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, once its terminal is silent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>under a minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::PgManagerScreens</name>
    <message>
        <source>%1 is not a manager&apos;s login.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Week planner — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hall layouts — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Films — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reports — %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::PinPad</name>
    <message>
        <source>PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the last digit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::PriceCardFormat</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wants a text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wants a whole number of minor units from 0 to 10000000000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wants a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wants an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown field &apos;%1&apos; (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not JSON at character %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A price list is a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown field (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a time like 06:00</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not weekday, weekend or holiday</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a rule names a daypart, a day or both (the ticket type&apos;s amount is its base price)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown seat kind &apos;%1&apos; (standard, premium, couple, wheelchair, companion)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wants a list of days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a day like 2026-12-25</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A price list&apos;s name is 1 to 80 characters without spaces around it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A price list has at least one ticket type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ticket type code &apos;%1&apos; is not 1 to 32 small letters, digits or _ starting with a letter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ticket type %1 is listed twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ticket type %1 needs a name of 1 to 40 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A rule prices the ticket type &apos;%1&apos;, which the list does not have.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::PriceResolver</name>
    <message>
        <source>A price list needs its currency, like KRW.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A daypart needs a code and the time it begins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The daypart &apos;%1&apos; is named twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two dayparts begin at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price rule %1 names no ticket type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price rule %1 (%2) has a negative amount.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price rule %1 (%2) names the daypart &apos;%3&apos; the list does not have.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price rules %1 and %2 both price %3 for %4 on %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any daypart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seat kind %1 is surcharged twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The format %1 is surcharged twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A price needs the showtime&apos;s start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No price for %1 tickets on %2 at %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weekdays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weekends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>holidays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A seat surcharge cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A format surcharge cannot be negative.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::QrCode</name>
    <message>
        <source>The ticket&apos;s QR code could not be made.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::RefundDialog</name>
    <message>
        <source>back to the card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in cash from this drawer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to pay back (no payment)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This refund needs a supervisor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seats:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up the booking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick the seats to refund.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund %1 for %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say why the customer is paid back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunding…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A supervisor types their number and PIN first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded: hand back %1 in cash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded: %1 %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seats are free; %1 back to the card waits for the payment service and is sent again by itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payment service refused to give back %1 (%2): settle it with the customer another way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund %1 for %2: %3 back to the card and %4 in cash from this drawer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hand back %1 in cash as well.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::Refusals</name>
    <message>
        <source>The database cannot be reached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot connect to the database at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database refused the login %1: wrong login or password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The PostgreSQL driver for Qt (QPSQL) is not installed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database connection string is not valid: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database connection string must not contain &apos;;&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database did not answer in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The outcome is being checked: the database could not confirm it was saved twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The transaction failed and was rolled back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unexpected database error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A value cannot be sent to the database: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not encrypt the password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database gave no answer to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database answered %1 in a way this program does not know.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some seats are no longer available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seat hold has expired.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This showtime sells through a queue; wait for your turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another request is still working on this; try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another sale got there first; try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No showtime is on sale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which seats?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A seat name is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1 is listed more than once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1 is in %2, not in %3 where showtime %4 plays.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no seat %1 in %2 (showtime %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This till has no open shift.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new seat is no longer free: pick others.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no showtime %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hall is busy at that time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A showtime needs a valid start time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every showtime of a pattern needs a valid start time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A week needs a valid first day and time zone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 has sold seats or a sale in progress: refund its bookings first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 has sold seats: refund its bookings first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 has seats held by a sale in progress: try again when it is over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 has bookings: it keeps the layout its tickets were sold on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 stays in its hall: cancel it and add it in the other hall.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The showtime&apos;s price list cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name one showtime or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say when the sale opens, closes, or both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings row is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo data is not built into this program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no film %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Film %1 is &apos;%2&apos; in %3 already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no hall &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hall &apos;%1&apos; has no seat %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid login name (lower-case letters, digits and _, at most 63).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The password is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A database role named %1 exists already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no login %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a Box office terminal or manager login; it is left alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid database name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no database %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database schema (version %1) is newer than this program understands (version %2). Install the newer Box office release.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database schema is at version %1, this program needs version %2. Run &apos;boxoffice-admin migrate&apos; first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database schema has a gap: %1. Migrations are never applied out of order; restore the database or install the release that migrated it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database&apos;s functions are not the ones this program carries (another release migrated it). Run &apos;boxoffice-admin migrate&apos; first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No migrations are built into this program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Migration %1 failed and was rolled back: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No database functions are built into this program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database functions failed to apply and were rolled back: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PostgreSQL refuses to run as root and there is no &apos;postgres&apos; user to run it as. Run as an ordinary user, or install the postgresql package (it creates that user).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The PostgreSQL server programs (initdb, pg_ctl, postgres) were not found on PATH or in C:\Program Files\PostgreSQL\*\bin. Install PostgreSQL for Windows for the demo, or point this till at the site&apos;s database with --db.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The PostgreSQL server programs (initdb, pg_ctl, postgres) were not found on PATH or in /usr/lib/postgresql/*/bin. Install the postgresql package.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot hand %1 to the postgres user.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PostgreSQL runs as user &apos;postgres&apos; when started by root, and it cannot reach %1 because %2 is closed to other users. Choose a folder under /tmp or /var/tmp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another program is still starting the database in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>initdb failed in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No free loopback port for the database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database folder must not contain a quote: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The private PostgreSQL server in %1 did not start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping the database in %1 failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This build has no SQLite driver for the door&apos;s journal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The door&apos;s journal must be a file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The door&apos;s journal folder cannot be made: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The door&apos;s journal cannot be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The door&apos;s journal cannot be written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The door&apos;s journal cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The door&apos;s journal has no scan %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>migration %1 is not applied although %2 is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>migration %1 is applied but not shipped with this program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many PINs were tried at this terminal: wait ten minutes, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 goes on sale at %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 is not on sale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This kiosk still holds %1 seats for another sale; a kiosk holds at most %2 at a time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seats %2 are not in showtime %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This sale holds nothing on showtime %1 any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no request %1 to answer again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key %1 was already used for a different request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no booking %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 is already %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 cannot be cancelled while its payment %2 is being captured: wait for the result (or run boxoffice-admin reconcile), then cancel and refund.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no payment %1: take the payment again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payment %1 is not this booking&apos;s: take the payment again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payment %1 is %2: no money is taken yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 cannot be confirmed while its payment %2 is being voided: wait for the result, then take the payment again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 cannot be confirmed: its payment %2 is %3, not money taken. Take the payment again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payment %1 is for %2 %3, but the seats cost %4 %5: take the payment again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A kiosk confirms a sale only on its card payment, with the money taken.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A sale of %1 %2 is confirmed only on its payment, with the money taken: take the payment first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash is taken only at a staffed till.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 is %2, not waiting for its payment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 has a payment still open (%2, %3): settle it before taking another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no payment %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payment %1 is %2, not %3: read it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 is %2: its payment is not taken.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 is confirmed: its payment is not given back; refund the booking instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 is %2: its money goes back through a refund of the booking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payment %1 backs an exchange or a refund: its money goes back through refunds of the bookings it backs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payment %1 was taken in a shift that is closed: give the cash back as a refund at a till.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the payment service records what the card&apos;s gateway answered (%1 to %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payment service takes no cash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payment %1 is already %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no ticket key %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 is %2: no ticket is issued for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket %1 is not waiting for its signature, or key %2 cannot sign it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket key %1 belongs to another till.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This till already has ticket key %1; a manager retires it before another is enrolled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No till key %1 is waiting or approved (unknown, retired, or a shared key).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket key %1 is not a live key of this till.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket key %1 waits for a manager&apos;s approval (boxoffice-admin ticket-keys --approve %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 was not sold at this till: a manager issues its tickets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tickets of booking %1 were issued already: print them again, or a manager reprints them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket %1 is not waiting for this till&apos;s signature.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no help call %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hall &quot;%1&quot; exists already; replace its layout to change it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no price list &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hall is busy then: it overlaps showtime %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A showtime of the pattern overlaps one just added.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Film %1 has that title and format already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 has sales: its prices stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 is cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Film %1 (%2) is retired: bring it back before giving it showtimes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A member of staff is already called %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no active member of staff %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That PIN attempt is gone: type the PIN again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unlocking a member of staff needs a supervisor&apos;s PIN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody unlocks themselves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no member of staff %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody is signed in at this till.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The till is locked: sign in again first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This till&apos;s shift %1 is open since %2: close it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The drawer does not hold that much cash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A cash sale of this shift is still being completed: finish it, then close the shift.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no shift %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 is still being paid: wait for the capture&apos;s result, then refund.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The drawer does not hold %1 for this refund.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1 is %2: there is nothing to refund.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1 of booking %2 is refunded already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A batch of refunds is a manager&apos;s to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staff member %1 cannot approve this: only an active supervisor or manager can.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The approval of staff member %1 is not from this till in the last two minutes: ask for the PIN again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunding %1 of booking %2 needs a supervisor&apos;s approval.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no refund %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the payment service records what the gateway answered to card refund %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund %1 is %2 already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchanging booking %1 needs a supervisor&apos;s approval.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The difference of %1 is settled in cash at this till: open a shift first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminal %1 belongs to another login: a terminal acts only for itself.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::ReportBuilder</name>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bookings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sales</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no member: kiosk or CLI)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No payment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Day report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Z report, shift %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X report, shift %1 (open)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime report, showtime %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sales by payment method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Takings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gross sales (payments taken)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunds (card and cash)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Net takings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunds without a payment (no money moved)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Voided payments (never taken)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sales by ticket type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sales by film</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Film</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sales by showtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sales by hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sales by till</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunds and voids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Void</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Occupancy per showtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Occupancy per hall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtimes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash drawers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Float</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash refunded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pay-ins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pay-outs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over/short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staff activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approvals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign-ins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report&apos;s sections do not add up: not printed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::ReportFormat</name>
    <message>
        <source>Printed %1 by %2
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log head: position %1, SHA-256 %2
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cinema</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Period</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printed at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printed by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Currency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::ReportScreen</name>
    <message>
        <source>Reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift or showtime number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Print PDF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gross %1 · Refunds %2 · Net %3 · Voided %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the report…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SaleDonePanel</name>
    <message>
        <source>Seats: %1
Total: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change due: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booked. Booking code:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next customer (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the tickets? Press Print tickets (P), or go on to the next customer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printing the tickets…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tickets were not printed: %1
The sale stands: booking %2 is paid and confirmed. To print its tickets, press Print again (P) here, or later Tickets → Print a booking&apos;s tickets… (Ctrl+P) with code %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print again (P)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print tickets (P)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tickets saved as a PDF: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tickets printed on %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SaleFlow</name>
    <message>
        <source>The amount tendered is less than the total.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database cannot be reached; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time ran out and the seats were released.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sale was cancelled and the seats were released.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database cannot be reached; the seats will be released when it is back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time for this sale is up and its seats were released.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No card payment service is set up at this till.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seats were lost before the sale was confirmed; hand the cash back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seats were lost before the sale was confirmed; the card payment was voided.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SalePage</name>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card payment failed: %1 Try again or take cash.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — less than a minute left!</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payment %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seats held %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your other seats are still held.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nearest free block: %1 (press S).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No seats held yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 was just sold.</source>
        <comment>seats sold by another till</comment>
        <translation>
            <numerusform>%1 was just sold.</numerusform>
            <numerusform>%1 were just sold.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 is held by another till.</source>
        <comment>seats held by another sale</comment>
        <translation>
            <numerusform>%1 is held by another till.</numerusform>
            <numerusform>%1 are held by another till.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 is blocked.</source>
        <comment>seats blocked by a manager</comment>
        <translation>
            <numerusform>%1 is blocked.</numerusform>
            <numerusform>%1 are blocked.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 is being changed elsewhere right now; the map is being read again.</source>
        <comment>seats another transaction had locked: state unknown</comment>
        <translation>
            <numerusform>%1 is being changed elsewhere right now; the map is being read again.</numerusform>
            <numerusform>%1 are being changed elsewhere right now; the map is being read again.</numerusform>
        </translation>
    </message>
    <message>
        <source>Recording the payment…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the card terminal…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the payment with the card service…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking the seats…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booked. Taking the payment…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seats could not be booked. Giving the card payment back…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SalePaymentPanel</name>
    <message>
        <source>F%1 All %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash tendered:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty = exact amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card (F9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel sale (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (seat +%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SaleRules</name>
    <message>
        <source>At most %1 seats can be sold at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No seats were given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same seat is listed more than once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 seats requested; at most %2 can be sold at once.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SaleSelectionPanel</name>
    <message>
        <source>Take %1 (S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click seats on the map, or press 1–9 for the best seats together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected seats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys: 1–9 best seats together · arrows + Space pick a seat · +/− zoom · Esc cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To payment (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel sale (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SalesLinesView</name>
    <message>
        <source>Sales by payment method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sales by ticket type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Voided payments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Net takings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash drawer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No payment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taken less refunded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Float</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cash refunded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pay-ins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pay-outs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected in the drawer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over (+) / short (−)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SeatBlockList</name>
    <message>
        <source>standard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>premium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>couple seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wheelchair space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>companion seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>aisle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seat %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seats %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <comment>separator of the spoken seat description</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SeatBlockListView</name>
    <message>
        <source>Seats together, best first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up and down move through the blocks of seats; OK chooses one.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SeatBlocking</name>
    <message>
        <source>Say why the seats are blocked (--reason).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A reason has at most %1 characters, not %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A reason is one line without control characters.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SeatChoice</name>
    <message>
        <source>Seat %1 is not available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There are no %1 seats together any more.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SeatLegendWidget</name>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat map legend</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SeatMapWidget</name>
    <message>
        <source>Seat map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected for this sale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held at another terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not for sale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standard seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Premium seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Couple seat (sold in pairs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheelchair space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Companion seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No seats to show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1
%2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SCREEN</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::ShowtimeBoard</name>
    <message>
        <source>Showtimes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Previous day (PgUp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next day (PgDn) ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sell next showtime (N)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::ShowtimeListModel</name>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SOLD OUT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 min, rated %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Film</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seats left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2, %3 waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on sale %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::StaffSignIn</name>
    <message>
        <source>There is no member of staff number %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 can no longer sign in: ask a manager.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a %2: this needs a %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Wrong PIN for %1: %n more tries before the lock.</source>
        <translation>
            <numerusform>Wrong PIN for %1: %n more try before the lock.</numerusform>
            <numerusform>Wrong PIN for %1: %n more tries before the lock.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is locked after too many wrong PINs: a supervisor unlocks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staff number %1 was not locked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A PIN is 4 to 12 digits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no PIN yet: a manager sets one.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::StaffSignInWidget</name>
    <message>
        <source>Pick your name or type your staff number first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A PIN is 4 to 12 digits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is unlocked: type your PIN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The staff list cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The PIN could not be checked: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Staff &amp;number:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unlock with a supervisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel the unlock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unlocking %1: a supervisor picks their name and types their PIN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign in: pick your name and type your PIN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A supervisor&apos;s number and PIN, please.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A manager&apos;s number and PIN, please.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::SupervisorApproval</name>
    <message>
        <source>Supervisor&apos;s number:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor&apos;s PIN:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::TerminalIdentity</name>
    <message>
        <source>The folder %1 cannot be created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The terminal name is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The terminal name is longer than %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terminal %1 is already running on this computer; give this one another name with --terminal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 terminals already run on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::TerminalStack</name>
    <message>
        <source>The payment service URL &apos;%1&apos; is not an http(s) URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Card payments go through the payment service: set payments/service_url (or --payment-service URL) to boxoffice-service&apos;s address (docs/PAYMENTS.md).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::TicketLayoutBuilder</name>
    <message>
        <source>Premium seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Couple seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheelchair space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Companion seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · Rated %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>REPRINT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket No. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sold %1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unknown terminal)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::TicketOutput</name>
    <message>
        <source>The setting printing/target names no ESC/POS device.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The setting printing/output is &apos;%1&apos;, not pdf, printer or escpos.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::TicketRenderer</name>
    <message>
        <source>The PDF file %1 could not be written.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::TicketTypes</name>
    <message>
        <source>Adult</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Senior</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::TillKeyFile</name>
    <message>
        <source>The folder of the till&apos;s ticket key %1 cannot be made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The till&apos;s ticket key %1 cannot be written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The till&apos;s ticket key %1 cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The till&apos;s ticket key %1 is damaged; move it away and start again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The till&apos;s retired ticket key %1 cannot be moved away.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::TillMenu</name>
    <message>
        <source>Shift %1 is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The drawer move is recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Till</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open shift…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pay &amp;in…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pay &amp;out…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;X report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close shift (count the drawer)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refund…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Till</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the shift</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Float counted into the drawer (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pay in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pay out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>X report: the shift so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Exchange…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift %1 open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No shift open: cash needs one (Till &gt; Open shift)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::TillTicketPrinter</name>
    <message>
        <source>Booking %1 has no tickets to print.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ticket %1 does not verify with the cinema&apos;s keys.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This till&apos;s ticket key %1 waits for a manager&apos;s approval (boxoffice-admin ticket-keys --approve %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ticket folder %1 cannot be made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tickets %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The printer %1 is not there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The printer %1 refused the tickets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ticket printer %1 cannot be written to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF files in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the default printer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>printer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ticket printer %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::UnresolvedPaymentsDialog</name>
    <message>
        <source>Reading the payments…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the payments with the payment service…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n payment(s) in doubt, read at %1.</source>
        <translation>
            <numerusform>%n payment in doubt, read at %1.</numerusform>
            <numerusform>%n payments in doubt, read at %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: still %2 — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was due: no payment in doubt has been silent long enough for the reconciler.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The reconciler took %n payment(s):</source>
        <translation>
            <numerusform>The reconciler took %n payment:</numerusform>
            <numerusform>The reconciler took %n payments:</numerusform>
        </translation>
    </message>
    <message>
        <source>The other terminals&apos; payments are the payment service&apos;s: its reconciler takes them on its next pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payments could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check could not run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unresolved payments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No payment is in doubt.
Every card and cash payment is settled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the payments again (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Check now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run one reconciler pass now: payments silent past their grace period are looked up, captured or voided by the usual rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::VerdictView</name>
    <message>
        <source>%1 · %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Already used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrong showtime or hall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too early</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too late</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking refunded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaced by a reprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Booking not paid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forged ticket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown ticket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admit undone: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1 · admitted %2 at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This ticket is for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This ticket is not for today&apos;s showtimes here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — doors open in %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — started %2 min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the guest to the box office</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the newest print of this ticket is valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The signature is not this cinema&apos;s. Call a manager.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No such ticket was sold. Call a manager.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a ticket code. Scan again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The guest is not counted as admitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>READY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scan a ticket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ADMIT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UNDONE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STOP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · checked offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ticket could not be checked: no connection and no ticket list.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::WeekCanvas</name>
    <message>
        <source>No halls yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>· %n sold</source>
        <translation>
            <numerusform>· %n sold</numerusform>
            <numerusform>· %n sold</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>· %n held</source>
        <translation>
            <numerusform>· %n held</numerusform>
            <numerusform>· %n held</numerusform>
        </translation>
    </message>
    <message>
        <source>· on sale %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::WeekPattern</name>
    <message>
        <source>&apos;%1&apos; is not a time like 13:20.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is given twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A pattern needs at least one time, like 10:00,13:20.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a day like mon, or days like mon-fri.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name the days, like mon-fri, or say daily.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A pattern needs its first and last day.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last day (%1) is before the first (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A pattern makes at most %1 showtimes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 does not exist in the time zone %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No day from %1 to %2 is one of the days named.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bo::WeekPlanner</name>
    <message>
        <source>Week planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ &amp;Previous week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next week ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload the week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtimes of the week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag a showtime that sold nothing to another time or day; right-click to cancel one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planner status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Week of %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The week could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 has sold seats and does not move: refund its bookings first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 has seats held by a sale in progress and does not move now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 was not moved: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>showtime %1 (%2, %3, until %4 with cleaning)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 was not moved: %2 is in the way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 (%2) now starts %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel showtime %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 was not cancelled: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 is cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put showtime %1 on &amp;sale now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give showtime %1 the hall&apos;s current &amp;layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 was not put on sale: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 is on sale now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 keeps its layout: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 has the hall&apos;s current layout already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showtime %1 now has layout version %2 of its hall (%3 seats).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocked seats the new layout does not have: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
