<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko_KR">
<context>
    <name>bo</name>
    <message>
        <source>No card payment service is configured.</source>
        <translation>카드 결제 서비스가 설정되어 있지 않습니다.</translation>
    </message>
</context>
<context>
    <name>bo::AmountDialog</name>
    <message>
        <source>Reason:</source>
        <translation>사유:</translation>
    </message>
    <message>
        <source>Enter the amount.</source>
        <translation>금액을 입력하세요.</translation>
    </message>
    <message>
        <source>Say why the cash moves.</source>
        <translation>현금이 오가는 사유를 입력하세요.</translation>
    </message>
</context>
<context>
    <name>bo::AuditChainCheck</name>
    <message>
        <source>Row %1 (%2) has no place in the chain: it was written around the log.</source>
        <translation>행 %1(%2)은(는) 체인에 자리가 없습니다: 로그를 우회해 기록되었습니다.</translation>
    </message>
    <message>
        <source>Places %1 to %2 of the chain are missing: rows were removed.</source>
        <translation>체인의 %1~%2번 자리가 없습니다: 행이 삭제되었습니다.</translation>
    </message>
    <message>
        <source>Place %1 of the chain has lost its row %2: it was removed.</source>
        <translation>체인의 %1번 자리의 행 %2이(가) 없습니다: 삭제되었습니다.</translation>
    </message>
    <message>
        <source>Place %1 (row %2, %3) does not match its hash: the row or the one before it was changed or removed.</source>
        <translation>%1번 자리(행 %2, %3)가 해시와 맞지 않습니다: 이 행이나 그 앞 행이 바뀌었거나 삭제되었습니다.</translation>
    </message>
    <message>
        <source>The chain ends at place %1 but its head says %2: the last rows were removed.</source>
        <translation>체인은 %1번 자리에서 끝나지만 헤드는 %2번이라고 합니다: 마지막 행들이 삭제되었습니다.</translation>
    </message>
    <message>
        <source>The chain&apos;s last hash differs from its head&apos;s.</source>
        <translation>체인의 마지막 해시가 헤드의 해시와 다릅니다.</translation>
    </message>
</context>
<context>
    <name>bo::BookingCodeRow</name>
    <message>
        <source>Find</source>
        <translation>찾기</translation>
    </message>
</context>
<context>
    <name>bo::CardStepHandler</name>
    <message>
        <source>The payment service cannot reach its database.</source>
        <translation>결제 서비스가 데이터베이스에 연결할 수 없습니다.</translation>
    </message>
</context>
<context>
    <name>bo::CashUpDialog</name>
    <message>
        <source>Close the shift: count the drawer</source>
        <translation>근무 마감: 금전함 세기</translation>
    </message>
    <message>
        <source>Cash counted:</source>
        <translation>센 현금:</translation>
    </message>
    <message>
        <source>Anything else (total):</source>
        <translation>그 밖의 현금(합계):</translation>
    </message>
    <message>
        <source>Close the shift with this count</source>
        <translation>이 금액으로 근무 마감</translation>
    </message>
    <message>
        <source>Count the cash in the drawer and enter it. The till tells what it expected only after the count is in.</source>
        <translation>금전함의 현금을 세어 입력하세요. 예상 금액은 입력이 끝난 뒤에만 표시됩니다.</translation>
    </message>
    <message>
        <source>Z report</source>
        <translation>Z 리포트</translation>
    </message>
    <message>
        <source>Counted: %1</source>
        <translation>센 금액: %1</translation>
    </message>
    <message>
        <source>Counted %1, expected %2: the drawer is right.</source>
        <translation>센 금액 %1, 예상 %2: 금전함이 맞습니다.</translation>
    </message>
    <message>
        <source>Counted %1, expected %2: over by %3.</source>
        <translation>센 금액 %1, 예상 %2: %3 초과.</translation>
    </message>
    <message>
        <source>Counted %1, expected %2: short by %3.</source>
        <translation>센 금액 %1, 예상 %2: %3 부족.</translation>
    </message>
</context>
<context>
    <name>bo::CheckedSeatCommands</name>
    <message>
        <source>The %1 &apos;%2&apos; is not a UUID (like 3f2b8c1e-9d4a-4c1b-8e7f-0a1b2c3d4e5f).</source>
        <translation>%1 &apos;%2&apos;은(는) UUID 형식이 아닙니다(예: 3f2b8c1e-9d4a-4c1b-8e7f-0a1b2c3d4e5f).</translation>
    </message>
    <message>
        <source>The hold token is missing.</source>
        <translation>선점 토큰이 없습니다.</translation>
    </message>
    <message>
        <source>The terminal name is missing.</source>
        <translation>단말기 이름이 없습니다.</translation>
    </message>
    <message>
        <source>The idempotency key is missing.</source>
        <translation>멱등성 키가 없습니다.</translation>
    </message>
    <message>
        <source>Give one ticket type per seat.</source>
        <translation>좌석마다 권종을 하나씩 지정하세요.</translation>
    </message>
</context>
<context>
    <name>bo::CounterMain</name>
    <message>
        <source>Box office</source>
        <translation>매표소</translation>
    </message>
    <message>
        <source>Cinema box office: the counter application.</source>
        <translation>영화관 매표소: 매표 창구용 프로그램.</translation>
    </message>
</context>
<context>
    <name>bo::CounterWindow</name>
    <message>
        <source>Switch to today to sell the next showtime.</source>
        <translation>다음 상영을 판매하려면 오늘 날짜로 이동하세요.</translation>
    </message>
    <message>
        <source>No showtime is on sale any more today.</source>
        <translation>오늘은 더 이상 판매 중인 상영이 없습니다.</translation>
    </message>
    <message>
        <source>The database cannot be reached; nothing can be sold offline.</source>
        <translation>데이터베이스에 연결할 수 없습니다. 오프라인 상태에서는 판매할 수 없습니다.</translation>
    </message>
    <message>
        <source>Box office — %1</source>
        <translation>매표소 — %1</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>언어(&amp;L)</translation>
    </message>
    <message>
        <source>Terminal %1</source>
        <translation>단말기 %1</translation>
    </message>
    <message>
        <source>&amp;Card terminal (demo)</source>
        <translation>카드 단말기(데모)(&amp;C)</translation>
    </message>
    <message>
        <source>Approve payments</source>
        <translation>결제 승인</translation>
    </message>
    <message>
        <source>Decline payments</source>
        <translation>결제 거절</translation>
    </message>
    <message>
        <source>Answer slowly, then approve</source>
        <translation>느리게 응답한 뒤 승인</translation>
    </message>
    <message>
        <source>Offline — the database cannot be reached (since %1). Nothing can be sold until it is back. Reconnecting…</source>
        <translation>오프라인 — 데이터베이스에 연결할 수 없습니다(%1부터). 연결이 복구될 때까지 판매할 수 없습니다. 다시 연결하는 중…</translation>
    </message>
    <message>
        <source>Never answer (the payment is checked)</source>
        <translation>응답하지 않기(결제를 조회함)</translation>
    </message>
    <message>
        <source>&amp;Payments</source>
        <translation>결제(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Unresolved payments…</source>
        <translation>미해결 결제(&amp;U)…</translation>
    </message>
    <message>
        <source>The tickets of booking %1 were not printed: %2</source>
        <translation>예매 %1의 티켓을 인쇄하지 못했습니다: %2</translation>
    </message>
    <message>
        <source>Print a booking&apos;s tickets</source>
        <translation>예매 티켓 인쇄</translation>
    </message>
    <message>
        <source>Booking code (XXXX-XXXX):</source>
        <translation>예매번호 (XXXX-XXXX):</translation>
    </message>
    <message>
        <source>Printing the tickets of booking %1…</source>
        <translation>예매 %1의 티켓을 인쇄하는 중…</translation>
    </message>
    <message>
        <source>&amp;Tickets</source>
        <translation>티켓(&amp;T)</translation>
    </message>
    <message>
        <source>Print on confirm</source>
        <translation>예매 확정 시 인쇄</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>묻기</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>항상</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>안 함</translation>
    </message>
    <message>
        <source>Print a booking&apos;s tickets…</source>
        <translation>예매 티켓 인쇄…</translation>
    </message>
    <message>
        <source>Booking %1: tickets saved as a PDF: %2</source>
        <translation>예매 %1: 티켓을 PDF로 저장했습니다: %2</translation>
    </message>
    <message>
        <source>Booking %1: tickets printed on %2.</source>
        <translation>예매 %1: 티켓을 %2에 인쇄했습니다.</translation>
    </message>
    <message>
        <source>C&amp;atalogue</source>
        <translation>운영 관리(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Hall layouts…</source>
        <translation>상영관 배치도(&amp;H)…</translation>
    </message>
    <message>
        <source>&amp;Week planner…</source>
        <translation>주간 편성표(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Films…</source>
        <translation>영화(&amp;F)…</translation>
    </message>
    <message>
        <source>Till locked: %1 is signed in. Their PIN, or another member&apos;s, opens it.</source>
        <translation>계산대 잠김: %1 님이 로그인해 있습니다. 본인 또는 다른 직원의 PIN으로 열 수 있습니다.</translation>
    </message>
    <message>
        <source>Nobody signed in</source>
        <translation>로그인한 직원 없음</translation>
    </message>
    <message>
        <source>Locked — %1 (%2)</source>
        <translation>잠김 — %1 (%2)</translation>
    </message>
    <message>
        <source>Signed in: %1 (%2)</source>
        <translation>로그인: %1 (%2)</translation>
    </message>
    <message>
        <source>One moment: the till is checking who may sell here.</source>
        <translation>잠시만요: 이 계산대에서 판매할 수 있는 직원을 확인하고 있습니다.</translation>
    </message>
    <message>
        <source>&amp;Staff</source>
        <translation>직원(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Lock till</source>
        <translation>계산대 잠금(&amp;L)</translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation>로그아웃(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Reports…</source>
        <translation>보고서(&amp;R)…</translation>
    </message>
</context>
<context>
    <name>bo::DatabaseSetup</name>
    <message>
        <source>No database is configured: pass --db CONNINFO, set BOXOFFICE_DB, or use --demo.</source>
        <translation>설정된 데이터베이스가 없습니다: --db CONNINFO를 지정하거나, BOXOFFICE_DB를 설정하거나, --demo를 사용하세요.</translation>
    </message>
    <message>
        <source>The demo login is locked by %1.</source>
        <translation>데모 로그인이 %1에 의해 잠겨 있습니다.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1에 쓸 수 없습니다.</translation>
    </message>
</context>
<context>
    <name>bo::DoorWindow</name>
    <message>
        <source>Door: %1</source>
        <translation>입구: %1</translation>
    </message>
    <message>
        <source>Scan a ticket · Esc clears the screen</source>
        <translation>입장권을 스캔하세요 · Esc: 화면 지우기</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 %4</source>
        <translation>%1 · %2 · %3 %4</translation>
    </message>
    <message>
        <source>%1 · showtime %2</source>
        <translation>%1 · 상영 %2</translation>
    </message>
    <message>
        <source>all halls</source>
        <translation>전체 상영관</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 showtimes starting within %4 min</source>
        <translation>%1 · %2 · %4분 안에 시작하는 상영 %3개</translation>
    </message>
    <message>
        <source>Admitted %1 / %2</source>
        <translation>입장 %1 / %2</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>온라인</translation>
    </message>
    <message>
        <source>OFFLINE</source>
        <translation>오프라인</translation>
    </message>
    <message>
        <source>Undo last admit (Backspace) · %1 s</source>
        <translation>마지막 입장 취소 (Backspace) · %1초</translation>
    </message>
    <message>
        <source>Undo last admit</source>
        <translation>마지막 입장 취소</translation>
    </message>
    <message numerus="yes">
        <source>Online · sending %n scan(s)</source>
        <translation>
            <numerusform>온라인 · 스캔 %n건 전송 중</numerusform>
        </translation>
    </message>
    <message>
        <source>OFFLINE — checking by signature and the ticket list of %1 (%2 tickets). Every scan is kept and sent when the connection is back.</source>
        <translation>오프라인 — 서명과 %1의 티켓 목록(%2장)으로 확인합니다. 모든 스캔은 보관되었다가 연결이 돌아오면 전송됩니다.</translation>
    </message>
    <message>
        <source>OFFLINE — no ticket list on this door: tickets cannot be checked.</source>
        <translation>오프라인 — 이 입구에 티켓 목록이 없어 티켓을 확인할 수 없습니다.</translation>
    </message>
    <message numerus="yes">
        <source>%n scan(s) to send.</source>
        <translation>
            <numerusform>전송할 스캔 %n건.</numerusform>
        </translation>
    </message>
    <message>
        <source>Used twice: seat %1 (ticket %2) was admitted here offline at %3 and at %4 at %5.</source>
        <translation>두 번 사용됨: 좌석 %1(티켓 %2)이 이 입구에서 오프라인으로 %3에, %4 입구에서 %5에 입장 처리되었습니다.</translation>
    </message>
    <message>
        <source>Admitted offline at %1 but not valid (%2): seat %3 (ticket %4).</source>
        <translation>%1에 오프라인으로 입장 처리되었지만 유효하지 않습니다(%2): 좌석 %3(티켓 %4).</translation>
    </message>
    <message numerus="yes">
        <source>%n report(s) in all: boxoffice-admin checkins lists them.</source>
        <translation>
            <numerusform>보고 모두 %n건: boxoffice-admin checkins로 볼 수 있습니다.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bo::Ed25519</name>
    <message>
        <source>The cryptography library did not start.</source>
        <translation>암호화 라이브러리를 시작하지 못했습니다.</translation>
    </message>
</context>
<context>
    <name>bo::ExchangeDialog</name>
    <message>
        <source>Exchange</source>
        <translation>교환</translation>
    </message>
    <message>
        <source>as printed, e.g. H3 H4</source>
        <translation>좌석 표기대로, 예: H3 H4</translation>
    </message>
    <message>
        <source>This exchange needs a supervisor:</source>
        <translation>이 교환은 책임자 승인이 필요합니다:</translation>
    </message>
    <message>
        <source>Booking:</source>
        <translation>예매:</translation>
    </message>
    <message>
        <source>Seats to give up:</source>
        <translation>내놓을 좌석:</translation>
    </message>
    <message>
        <source>New showtime:</source>
        <translation>새 상영:</translation>
    </message>
    <message>
        <source>New seats:</source>
        <translation>새 좌석:</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>사유:</translation>
    </message>
    <message>
        <source>Looking up the booking…</source>
        <translation>예매를 찾는 중…</translation>
    </message>
    <message>
        <source>Booking %1 paid %2 for %3.</source>
        <translation>예매 %1: %3에 %2 결제.</translation>
    </message>
    <message>
        <source>Name the new seats and say why.</source>
        <translation>새 좌석과 사유를 입력하세요.</translation>
    </message>
    <message>
        <source>Exchanging…</source>
        <translation>교환 중…</translation>
    </message>
    <message>
        <source>A supervisor types their number and PIN first.</source>
        <translation>먼저 책임자가 번호와 PIN을 입력하세요.</translation>
    </message>
    <message>
        <source>Exchanged %1 of %2 for %3 in the new booking %4.</source>
        <translation>%2의 %1을(를) 새 예매 %4의 %3(으)로 교환했습니다.</translation>
    </message>
    <message>
        <source>Take %1 in cash.</source>
        <translation>현금 %1을(를) 받으세요.</translation>
    </message>
    <message>
        <source>Hand back %1 in cash.</source>
        <translation>현금 %1을(를) 돌려주세요.</translation>
    </message>
    <message>
        <source>%1 goes back to the card.</source>
        <translation>%1은(는) 카드로 환불됩니다.</translation>
    </message>
</context>
<context>
    <name>bo::FilmCatalog</name>
    <message>
        <source>A film needs a title.</source>
        <translation>영화에는 제목이 필요합니다.</translation>
    </message>
    <message>
        <source>A title has at most 200 characters: &apos;%1…&apos;.</source>
        <translation>제목은 최대 200자입니다: &apos;%1…&apos;.</translation>
    </message>
    <message>
        <source>A title is one line without control characters.</source>
        <translation>제목은 제어 문자 없이 한 줄이어야 합니다.</translation>
    </message>
    <message>
        <source>A runtime is 1 to 600 minutes, not %1.</source>
        <translation>상영 시간은 1~600분이어야 합니다(입력값: %1).</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is no age rating; use one of %2.</source>
        <translation>&apos;%1&apos;은(는) 관람등급이 아닙니다. %2 중 하나를 쓰세요.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is no format; use one of %2.</source>
        <translation>&apos;%1&apos;은(는) 상영 포맷이 아닙니다. %2 중 하나를 쓰세요.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is no language code; use two letters like ko or en.</source>
        <translation>&apos;%1&apos;은(는) 언어 코드가 아닙니다. ko나 en처럼 영문 두 글자로 쓰세요.</translation>
    </message>
    <message>
        <source>A film cannot stop playing (%1) before its release (%2).</source>
        <translation>상영 종료일(%1)이 개봉일(%2)보다 앞설 수 없습니다.</translation>
    </message>
    <message>
        <source>A poster has at most %1 bytes, not %2.</source>
        <translation>포스터는 최대 %1바이트입니다(현재 %2바이트).</translation>
    </message>
    <message>
        <source>A poster is a PNG or JPEG image.</source>
        <translation>포스터는 PNG 또는 JPEG 이미지여야 합니다.</translation>
    </message>
</context>
<context>
    <name>bo::FilmForm</name>
    <message>
        <source>Title</source>
        <translation>제목</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>제목(&amp;T):</translation>
    </message>
    <message>
        <source>English title</source>
        <translation>영어 제목</translation>
    </message>
    <message>
        <source>&amp;English title:</source>
        <translation>영어 제목(&amp;E):</translation>
    </message>
    <message>
        <source>Runtime in minutes</source>
        <translation>상영 시간(분)</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 분</translation>
    </message>
    <message>
        <source>&amp;Runtime:</source>
        <translation>상영 시간(&amp;R):</translation>
    </message>
    <message>
        <source>Age rating</source>
        <translation>관람 등급</translation>
    </message>
    <message>
        <source>A&amp;ge rating:</source>
        <translation>관람 등급(&amp;G):</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>포맷</translation>
    </message>
    <message>
        <source>A film&apos;s format is not edited: the same title in another format is another film.</source>
        <translation>영화의 포맷은 바꿀 수 없습니다. 같은 제목이라도 포맷이 다르면 다른 영화입니다.</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>포맷(&amp;F):</translation>
    </message>
    <message>
        <source>Spoken language</source>
        <translation>음성 언어</translation>
    </message>
    <message>
        <source>ko, en, … (empty: not said)</source>
        <translation>ko, en, … (비우면 표시 안 함)</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>언어(&amp;L):</translation>
    </message>
    <message>
        <source>Subtitles</source>
        <translation>자막</translation>
    </message>
    <message>
        <source>ko, en, … (empty: none)</source>
        <translation>ko, en, … (비우면 자막 없음)</translation>
    </message>
    <message>
        <source>S&amp;ubtitles:</source>
        <translation>자막(&amp;U):</translation>
    </message>
    <message>
        <source>Released on</source>
        <translation>개봉일</translation>
    </message>
    <message>
        <source>Release day</source>
        <translation>개봉일</translation>
    </message>
    <message>
        <source>Release:</source>
        <translation>개봉:</translation>
    </message>
    <message>
        <source>Plays until</source>
        <translation>상영 종료일</translation>
    </message>
    <message>
        <source>Last day it plays</source>
        <translation>마지막 상영일</translation>
    </message>
    <message>
        <source>Until:</source>
        <translation>종료:</translation>
    </message>
    <message>
        <source>Poster preview</source>
        <translation>포스터 미리 보기</translation>
    </message>
    <message>
        <source>C&amp;hoose poster…</source>
        <translation>포스터 선택(&amp;H)…</translation>
    </message>
    <message>
        <source>N&amp;o poster</source>
        <translation>포스터 없음(&amp;O)</translation>
    </message>
    <message>
        <source>Poster:</source>
        <translation>포스터:</translation>
    </message>
    <message>
        <source>What is wrong with the film</source>
        <translation>영화 정보의 문제</translation>
    </message>
    <message>
        <source>Cannot read the poster %1: %2.</source>
        <translation>포스터 %1을(를) 읽을 수 없습니다: %2.</translation>
    </message>
    <message>
        <source>A poster has at most %1 bytes; %2 has %3.</source>
        <translation>포스터는 최대 %1바이트입니다. %2은(는) %3바이트입니다.</translation>
    </message>
    <message>
        <source>%1 is no PNG or JPEG image.</source>
        <translation>%1은(는) PNG나 JPEG 이미지가 아닙니다.</translation>
    </message>
    <message>
        <source>Choose the film&apos;s poster</source>
        <translation>영화 포스터 선택</translation>
    </message>
    <message>
        <source>Posters (*.png *.jpg *.jpeg)</source>
        <translation>포스터 (*.png *.jpg *.jpeg)</translation>
    </message>
    <message>
        <source>No poster</source>
        <translation>포스터 없음</translation>
    </message>
    <message>
        <source>%1, %2 × %3, %4</source>
        <translation>%1, %2 × %3, %4</translation>
    </message>
</context>
<context>
    <name>bo::FilmScreen</name>
    <message>
        <source>Films</source>
        <translation>영화</translation>
    </message>
    <message>
        <source>Poster</source>
        <translation>포스터</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>제목</translation>
    </message>
    <message>
        <source>English title</source>
        <translation>영어 제목</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>포맷</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>상영 시간</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>등급</translation>
    </message>
    <message>
        <source>Release</source>
        <translation>개봉</translation>
    </message>
    <message>
        <source>Until</source>
        <translation>종료</translation>
    </message>
    <message>
        <source>Retired</source>
        <translation>종영</translation>
    </message>
    <message>
        <source>&amp;New film</source>
        <translation>새 영화(&amp;N)</translation>
    </message>
    <message>
        <source>Ret&amp;ire</source>
        <translation>종영(&amp;I)</translation>
    </message>
    <message>
        <source>A retired film gets no new showtimes; those it has keep selling.</source>
        <translation>종영한 영화에는 새 상영 회차를 만들 수 없습니다. 이미 있는 회차는 계속 판매됩니다.</translation>
    </message>
    <message>
        <source>Reloa&amp;d</source>
        <translation>다시 읽기(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Save film</source>
        <translation>영화 저장(&amp;S)</translation>
    </message>
    <message>
        <source>Films status</source>
        <translation>영화 상태</translation>
    </message>
    <message>
        <source>The films could not be read: %1</source>
        <translation>영화 목록을 읽을 수 없습니다: %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>retired %1</source>
        <translation>%1 종영</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1분</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>저장하지 않았습니다: %1</translation>
    </message>
    <message>
        <source>Film %1 added: %2.</source>
        <translation>영화 %1 추가: %2.</translation>
    </message>
    <message>
        <source>Film %1 saved: %2. Showtimes already made keep their slot.</source>
        <translation>영화 %1 저장: %2. 이미 만든 상영 회차의 시간은 그대로입니다.</translation>
    </message>
    <message>
        <source>%1 is retired: no new showtimes; those it has keep selling.</source>
        <translation>%1 종영: 새 상영 회차는 없고, 이미 있는 회차는 계속 판매됩니다.</translation>
    </message>
    <message>
        <source>%1 plays again: it may get showtimes.</source>
        <translation>%1 다시 상영: 상영 회차를 만들 수 있습니다.</translation>
    </message>
    <message>
        <source>Un-ret&amp;ire</source>
        <translation>종영 취소(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Add film</source>
        <translation>영화 추가(&amp;A)</translation>
    </message>
</context>
<context>
    <name>bo::HallImporter</name>
    <message>
        <source>A hall&apos;s name is 1 to 80 characters without spaces around it.</source>
        <translation>상영관 이름은 앞뒤 공백 없이 1~80자여야 합니다.</translation>
    </message>
</context>
<context>
    <name>bo::HallLayoutFormat</name>
    <message>
        <source>%1 has an unknown field &apos;%2&apos;</source>
        <translation>%1에 알 수 없는 필드 &apos;%2&apos;이(가) 있습니다</translation>
    </message>
    <message>
        <source>%1 needs a number &apos;%2&apos;</source>
        <translation>%1에는 숫자 &apos;%2&apos;이(가) 필요합니다</translation>
    </message>
    <message>
        <source>%1 needs a text &apos;%2&apos;</source>
        <translation>%1에는 텍스트 &apos;%2&apos;이(가) 필요합니다</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>%1행: %2</translation>
    </message>
    <message numerus="yes">
        <source> (and %n more problem(s))</source>
        <translation>
            <numerusform> (그 밖에 문제 %n건)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not a number within +/-%2</source>
        <translation>%1은(는) +/-%2 범위의 숫자가 아닙니다</translation>
    </message>
    <message>
        <source>%1 has more than three decimals</source>
        <translation>%1의 소수점 이하 자릿수가 세 자리를 넘습니다</translation>
    </message>
    <message>
        <source>the screen&apos;s x</source>
        <translation>스크린의 x</translation>
    </message>
    <message>
        <source>the screen&apos;s width</source>
        <translation>스크린의 너비</translation>
    </message>
    <message>
        <source>the screen&apos;s width is not positive</source>
        <translation>스크린의 너비가 양수가 아닙니다</translation>
    </message>
    <message>
        <source>zone code &apos;%1&apos; is not 1 to 32 letters, digits, &apos;_&apos; or &apos;-&apos;</source>
        <translation>구역 코드 &apos;%1&apos;은(는) 문자, 숫자, &apos;_&apos;, &apos;-&apos;로 된 1~32자가 아닙니다</translation>
    </message>
    <message>
        <source>zone &apos;%1&apos; is declared twice</source>
        <translation>구역 &apos;%1&apos;이(가) 두 번 선언되었습니다</translation>
    </message>
    <message>
        <source>zone &apos;%1&apos; has a name longer than %2</source>
        <translation>구역 &apos;%1&apos;의 이름이 %2자보다 깁니다</translation>
    </message>
    <message>
        <source>the aisle&apos;s x</source>
        <translation>통로의 x</translation>
    </message>
    <message>
        <source>the aisle&apos;s y</source>
        <translation>통로의 y</translation>
    </message>
    <message>
        <source>the aisle&apos;s width</source>
        <translation>통로의 너비</translation>
    </message>
    <message>
        <source>the aisle&apos;s height</source>
        <translation>통로의 높이</translation>
    </message>
    <message>
        <source>an aisle&apos;s width and height are positive</source>
        <translation>통로의 너비와 높이는 양수여야 합니다</translation>
    </message>
    <message>
        <source>the layout has no seats</source>
        <translation>배치에 좌석이 없습니다</translation>
    </message>
    <message>
        <source>row &apos;%1&apos; is not one to three capital letters</source>
        <translation>열 &apos;%1&apos;은(는) 대문자 1~3자가 아닙니다</translation>
    </message>
    <message>
        <source>seat number %1 is not between 1 and %2</source>
        <translation>좌석 번호 %1은(는) 1과 %2 사이가 아닙니다</translation>
    </message>
    <message>
        <source>section &apos;%1&apos; is longer than %2</source>
        <translation>구역(섹션) &apos;%1&apos;이(가) %2자보다 깁니다</translation>
    </message>
    <message>
        <source>seat %1&apos;s x</source>
        <translation>좌석 %1의 x</translation>
    </message>
    <message>
        <source>seat %1&apos;s y</source>
        <translation>좌석 %1의 y</translation>
    </message>
    <message>
        <source>seat %1 is in zone &apos;%2&apos;, which the layout does not declare</source>
        <translation>좌석 %1은(는) 배치에 선언되지 않은 구역 &apos;%2&apos;에 있습니다</translation>
    </message>
    <message>
        <source>duplicate seat label %1 (also on line %2)</source>
        <translation>좌석 이름 %1이(가) 중복됩니다(%2행에도 있음)</translation>
    </message>
    <message>
        <source>duplicate seat label %1</source>
        <translation>좌석 이름 %1이(가) 중복됩니다</translation>
    </message>
    <message>
        <source>seat %1 stands in the aisle of line %2</source>
        <translation>좌석 %1이(가) %2행의 통로 위에 있습니다</translation>
    </message>
    <message>
        <source>seat %1 stands in an aisle</source>
        <translation>좌석 %1이(가) 통로 위에 있습니다</translation>
    </message>
    <message>
        <source>seat %1 overlaps seat %2 (line %3)</source>
        <translation>좌석 %1이(가) 좌석 %2(%3행)와 겹칩니다</translation>
    </message>
    <message>
        <source>seat %1 overlaps seat %2</source>
        <translation>좌석 %1이(가) 좌석 %2와 겹칩니다</translation>
    </message>
    <message>
        <source>a quote is not closed</source>
        <translation>따옴표가 닫히지 않았습니다</translation>
    </message>
    <message>
        <source>seat &apos;%1&apos; is not a number</source>
        <translation>좌석 &apos;%1&apos;은(는) 숫자가 아닙니다</translation>
    </message>
    <message>
        <source>x &apos;%1&apos; is not a number</source>
        <translation>x &apos;%1&apos;은(는) 숫자가 아닙니다</translation>
    </message>
    <message>
        <source>y &apos;%1&apos; is not a number</source>
        <translation>y &apos;%1&apos;은(는) 숫자가 아닙니다</translation>
    </message>
    <message>
        <source>unknown seat kind &apos;%1&apos; (standard, premium, couple, wheelchair, companion)</source>
        <translation>알 수 없는 좌석 종류 &apos;%1&apos; (standard, premium, couple, wheelchair, companion)</translation>
    </message>
    <message>
        <source>zone &apos;%1&apos; is not 1 to 32 letters, digits, &apos;_&apos; or &apos;-&apos;</source>
        <translation>구역 &apos;%1&apos;은(는) 문자, 숫자, &apos;_&apos;, &apos;-&apos;로 된 1~32자가 아닙니다</translation>
    </message>
    <message>
        <source>not JSON: %1</source>
        <translation>JSON이 아닙니다: %1</translation>
    </message>
    <message>
        <source>a layout is a JSON object</source>
        <translation>배치는 JSON 객체여야 합니다</translation>
    </message>
    <message>
        <source>the layout</source>
        <translation>배치</translation>
    </message>
    <message>
        <source>the format is &apos;%1&apos;, not boxoffice-hall-1</source>
        <translation>형식이 boxoffice-hall-1이 아니라 &apos;%1&apos;입니다</translation>
    </message>
    <message>
        <source>the screen</source>
        <translation>스크린</translation>
    </message>
    <message>
        <source>the screen&apos;s side is top or bottom, not &apos;%1&apos;</source>
        <translation>스크린 위치는 &apos;%1&apos;이(가) 아니라 top 또는 bottom이어야 합니다</translation>
    </message>
    <message>
        <source>the screen has both x and width, or neither</source>
        <translation>스크린에는 x와 width가 모두 있거나 둘 다 없어야 합니다</translation>
    </message>
    <message>
        <source>a zone</source>
        <translation>구역</translation>
    </message>
    <message>
        <source>an aisle</source>
        <translation>통로</translation>
    </message>
    <message>
        <source>the layout has no array &apos;seats&apos;</source>
        <translation>배치에 &apos;seats&apos; 배열이 없습니다</translation>
    </message>
    <message>
        <source>a seat is a JSON object</source>
        <translation>좌석은 JSON 객체여야 합니다</translation>
    </message>
    <message>
        <source>a seat</source>
        <translation>좌석</translation>
    </message>
    <message>
        <source>out_of_service is true or false</source>
        <translation>out_of_service는 true 또는 false여야 합니다</translation>
    </message>
    <message>
        <source>label %1 is not row %2 and seat %3 (%4)</source>
        <translation>이름 %1은(는) %2열 %3번 좌석(%4)과 맞지 않습니다</translation>
    </message>
    <message>
        <source>the header has no column &apos;%1&apos;</source>
        <translation>머리글에 &apos;%1&apos; 열이 없습니다</translation>
    </message>
    <message>
        <source>unknown column &apos;%1&apos; in the header (section,row,seat,x,y,kind,zone)</source>
        <translation>머리글의 &apos;%1&apos; 열을 알 수 없습니다 (section,row,seat,x,y,kind,zone)</translation>
    </message>
    <message>
        <source>the header names column &apos;%1&apos; twice</source>
        <translation>머리글에 &apos;%1&apos; 열이 두 번 있습니다</translation>
    </message>
    <message>
        <source>the line is longer than 16 MiB</source>
        <translation>줄이 16 MiB보다 깁니다</translation>
    </message>
    <message>
        <source>fewer fields than the %1 of the first line</source>
        <translation>첫 줄의 %1개보다 필드가 적습니다</translation>
    </message>
    <message>
        <source>fewer fields than the %1 the header names</source>
        <translation>머리글의 %1개 열보다 필드가 적습니다</translation>
    </message>
    <message>
        <source>more fields than the %1 of the first line</source>
        <translation>첫 줄의 %1개보다 필드가 많습니다</translation>
    </message>
    <message>
        <source>more fields than the %1 the header names</source>
        <translation>머리글의 %1개 열보다 필드가 많습니다</translation>
    </message>
</context>
<context>
    <name>bo::HelpCallBoard</name>
    <message>
        <source>%1 asks for help</source>
        <translation>%1에서 도움을 요청했습니다</translation>
    </message>
    <message>
        <source>%1: %2 is on the way</source>
        <translation>%1: %2 직원이 가는 중입니다</translation>
    </message>
</context>
<context>
    <name>bo::HelpCallNotice</name>
    <message>
        <source>Help needed at %1 (since %2)</source>
        <translation>%1에서 도움 요청 (%2부터)</translation>
    </message>
    <message>
        <source>%1: you are on your way (called %2)</source>
        <translation>%1: 이 창구에서 가는 중 (%2 요청)</translation>
    </message>
    <message>
        <source>%1: %2 is on the way (called %3)</source>
        <translation>%1: %2 직원이 가는 중 (%3 요청)</translation>
    </message>
    <message>
        <source>On my way</source>
        <translation>가는 중</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>완료</translation>
    </message>
    <message>
        <source>On my way to %1</source>
        <translation>%1(으)로 가는 중</translation>
    </message>
    <message>
        <source>Help at %1 done</source>
        <translation>%1 도움 완료</translation>
    </message>
</context>
<context>
    <name>bo::KioskAttractPage</name>
    <message>
        <source>No films on sale now.</source>
        <translation>지금 판매 중인 영화가 없습니다.</translation>
    </message>
    <message>
        <source>Showing today:
%1</source>
        <translation>오늘 상영:
%1</translation>
    </message>
    <message>
        <source>Ticket kiosk. Press OK to start buying tickets. %1</source>
        <translation>티켓 키오스크입니다. 확인을 누르면 티켓 구매를 시작합니다. %1</translation>
    </message>
    <message>
        <source>Buy your tickets here</source>
        <translation>여기에서 티켓을 구매하세요</translation>
    </message>
    <message>
        <source>Touch to start</source>
        <translation>화면을 눌러 시작</translation>
    </message>
    <message>
        <source>Start buying tickets</source>
        <translation>티켓 구매 시작</translation>
    </message>
</context>
<context>
    <name>bo::KioskDonePage</name>
    <message>
        <source>Please take your tickets below. Your booking code is %1. Enjoy the film!</source>
        <translation>아래에서 티켓을 받아 주세요. 예매 번호는 %1입니다. 즐거운 관람 되세요!</translation>
    </message>
    <message>
        <source>Your booking is confirmed, but the tickets could not be printed. Show this code at the counter or the door: %1. Staff at the counter can print your tickets.</source>
        <translation>예매는 완료되었지만 티켓을 인쇄하지 못했습니다. 매표소나 입장구에서 이 번호를 보여 주세요: %1. 매표소 직원이 티켓을 인쇄해 드립니다.</translation>
    </message>
    <message>
        <source>Thank you!</source>
        <translation>감사합니다!</translation>
    </message>
    <message>
        <source>Printing your tickets…</source>
        <translation>티켓을 인쇄하고 있습니다…</translation>
    </message>
    <message>
        <source>Your booking is confirmed. Show this code at the door: %1</source>
        <translation>예매가 완료되었습니다. 입장구에서 이 번호를 보여 주세요: %1</translation>
    </message>
    <message>
        <source>QR code of booking %1</source>
        <translation>예매 %1의 QR 코드</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>마치기</translation>
    </message>
</context>
<context>
    <name>bo::KioskExtendPrompt</name>
    <message>
        <source>Asking for more time…</source>
        <translation>시간 연장을 요청하고 있습니다…</translation>
    </message>
    <message>
        <source>Your seats are kept for %1 more. Do you need more time?</source>
        <translation>좌석이 %1 동안 더 유지됩니다. 시간이 더 필요하세요?</translation>
    </message>
    <message>
        <source>No, thank you</source>
        <translation>아니요, 괜찮습니다</translation>
    </message>
    <message>
        <source>Sorry, no more time can be added. Please finish your order now.</source>
        <translation>죄송합니다. 시간을 더 연장할 수 없습니다. 지금 주문을 마쳐 주세요.</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>확인</translation>
    </message>
    <message>
        <source>Yes, more time</source>
        <translation>네, 시간 연장</translation>
    </message>
</context>
<context>
    <name>bo::KioskFilmsPage</name>
    <message>
        <source>Choose a film. Films showing: %1. %2</source>
        <translation>영화를 고르세요. 상영 영화 %1편. %2</translation>
    </message>
    <message>
        <source>Choose a film</source>
        <translation>영화를 고르세요</translation>
    </message>
</context>
<context>
    <name>bo::KioskHelpCall</name>
    <message>
        <source>Staff have been called and will come to you. Please stay here.</source>
        <translation>직원을 호출했습니다. 곧 도와드리러 옵니다. 이곳에서 기다려 주세요.</translation>
    </message>
    <message>
        <source>Staff from %1 are on their way to you.</source>
        <translation>%1의 직원이 지금 오고 있습니다.</translation>
    </message>
    <message>
        <source>We could not reach the staff. Please ask at the counter. We are sorry.</source>
        <translation>직원을 호출하지 못했습니다. 매표소에 문의해 주세요. 죄송합니다.</translation>
    </message>
    <message>
        <source>Please ask at the counter: staff there will help you.</source>
        <translation>매표소에 문의해 주세요. 직원이 도와드립니다.</translation>
    </message>
    <message>
        <source>Calling staff…</source>
        <translation>직원을 호출하고 있습니다…</translation>
    </message>
    <message>
        <source>Keys: the arrows move, OK chooses, Back goes back, Help calls staff.</source>
        <translation>키 안내: 화살표로 이동, 확인으로 선택, 뒤로로 이전 화면, 도움으로 직원 호출.</translation>
    </message>
</context>
<context>
    <name>bo::KioskIdlePrompt</name>
    <message>
        <source>Are you still there? Touch Continue to keep your order.</source>
        <translation>계속 이용하시나요? 주문을 유지하려면 계속을 누르세요.</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>계속</translation>
    </message>
</context>
<context>
    <name>bo::KioskMain</name>
    <message>
        <source>Box office kiosk</source>
        <translation>매표소 키오스크</translation>
    </message>
    <message>
        <source>Cinema box office: the self-service kiosk.</source>
        <translation>영화관 매표소: 무인 발권 키오스크.</translation>
    </message>
    <message>
        <source>A window instead of the full screen (set-up, screenshots).</source>
        <translation>전체 화면 대신 창으로 실행합니다 (설정, 화면 캡처용).</translation>
    </message>
    <message>
        <source>Read the staff PIN (4 to 12 digits) from standard input, store its Argon2id hash and exit.</source>
        <translation>표준 입력에서 직원 PIN(4~12자리)을 읽어 Argon2id 해시로 저장하고 종료합니다.</translation>
    </message>
</context>
<context>
    <name>bo::KioskNoticePage</name>
    <message>
        <source>Start again</source>
        <translation>다시 시작</translation>
    </message>
</context>
<context>
    <name>bo::KioskOutOfServicePage</name>
    <message>
        <source>Out of service. Please buy your tickets at the counter. We are sorry.</source>
        <translation>점검 중입니다. 매표소에서 티켓을 구매해 주세요. 죄송합니다.</translation>
    </message>
</context>
<context>
    <name>bo::KioskPage</name>
    <message>
        <source>Arrows move, OK chooses, Back goes back, Help calls staff.</source>
        <translation>화살표로 이동, 확인으로 선택, 뒤로로 이전 화면, 도움으로 직원 호출.</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>뒤로</translation>
    </message>
</context>
<context>
    <name>bo::KioskPaymentPage</name>
    <message>
        <source>The card was declined</source>
        <translation>카드가 거절되었습니다</translation>
    </message>
    <message>
        <source>Nothing was charged. Your seats are still kept for you. You can try again with another card, or cancel.</source>
        <translation>결제된 금액은 없습니다. 좌석은 계속 잡아 두었습니다. 다른 카드로 다시 시도하거나 취소할 수 있습니다.</translation>
    </message>
    <message>
        <source>The payment did not go through</source>
        <translation>결제가 완료되지 않았습니다</translation>
    </message>
    <message>
        <source>Nothing was charged. %1</source>
        <translation>결제된 금액은 없습니다. %1</translation>
    </message>
    <message>
        <source>Card payment</source>
        <translation>카드 결제</translation>
    </message>
    <message>
        <source>Please insert or tap your card on the terminal.</source>
        <translation>단말기에 카드를 넣거나 대 주세요.</translation>
    </message>
    <message>
        <source>Checking your payment with the bank. This can take a moment; please wait.</source>
        <translation>은행에 결제를 확인하고 있습니다. 잠시 걸릴 수 있으니 기다려 주세요.</translation>
    </message>
    <message>
        <source>Booking your seats…</source>
        <translation>좌석을 예매하고 있습니다…</translation>
    </message>
    <message>
        <source>Your seats could not be booked. Giving the card payment back…</source>
        <translation>좌석을 예매하지 못했습니다. 카드 결제를 취소하고 있습니다…</translation>
    </message>
    <message>
        <source>Card payment. %1</source>
        <translation>카드 결제. %1</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>다시 시도</translation>
    </message>
    <message>
        <source>Cancel and start over</source>
        <translation>취소하고 처음으로</translation>
    </message>
</context>
<context>
    <name>bo::KioskQueuePage</name>
    <message>
        <source>We are working out the wait.</source>
        <translation>대기 시간을 계산하고 있습니다.</translation>
    </message>
    <message>
        <source>Less than a minute.</source>
        <translation>1분 이내입니다.</translation>
    </message>
    <message numerus="yes">
        <source>About %n minute(s).</source>
        <translation>
            <numerusform>약 %n분입니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>Checking whether there is a line…</source>
        <translation>대기 줄이 있는지 확인하고 있습니다…</translation>
    </message>
    <message>
        <source>There is a line for this showing so that everyone can choose seats in peace.
You are number %1.
%2</source>
        <translation>모두가 여유 있게 좌석을 고를 수 있도록 이 상영에는 대기 줄이 있습니다.
고객님은 %1번째입니다.
%2</translation>
    </message>
    <message>
        <source>Please wait a moment. %1</source>
        <translation>잠시 기다려 주세요. %1</translation>
    </message>
    <message>
        <source>Please wait a moment</source>
        <translation>잠시 기다려 주세요</translation>
    </message>
</context>
<context>
    <name>bo::KioskSeatsPage</name>
    <message>
        <source>Sorry, someone else just took a seat you wanted. Please choose other seats.</source>
        <translation>죄송합니다. 고르신 좌석을 방금 다른 분이 선택했습니다. 다른 좌석을 골라 주세요.</translation>
    </message>
    <message>
        <source>Sorry, someone else just took a seat you wanted. The nearest seats together are free.</source>
        <translation>죄송합니다. 고르신 좌석을 방금 다른 분이 선택했습니다. 가장 가까운 붙은 좌석이 비어 있습니다.</translation>
    </message>
    <message>
        <source>Touch a seat to choose it.</source>
        <translation>좌석을 눌러 선택하세요.</translation>
    </message>
    <message>
        <source>Seats %1 (%2 of %3)</source>
        <translation>좌석 %1 (%3석 중 %2석)</translation>
    </message>
    <message>
        <source>Seats %1 are kept for you.</source>
        <translation>좌석 %1을(를) 잡아 두었습니다.</translation>
    </message>
    <message>
        <source>Your seats. The best seats together are chosen for you; Continue keeps them. Above Continue, a list of seats together, best first, lets you choose others.</source>
        <translation>좌석 화면입니다. 가장 좋은 붙은 좌석을 골라 두었습니다. 계속을 누르면 이 좌석으로 진행합니다. 계속 위의 붙은 좌석 목록에서 다른 좌석을 고를 수 있습니다.</translation>
    </message>
    <message>
        <source>Your seats</source>
        <translation>좌석</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>계속</translation>
    </message>
    <message>
        <source>Take the nearest seats</source>
        <translation>가까운 좌석으로</translation>
    </message>
    <message>
        <source>Wheelchair spaces first</source>
        <translation>휠체어석 먼저</translation>
    </message>
    <message>
        <source>Wheelchair spaces and companion seats first</source>
        <translation>휠체어석과 동반석 먼저</translation>
    </message>
    <message>
        <source>Seats together, best first</source>
        <translation>붙은 좌석, 좋은 순</translation>
    </message>
    <message>
        <source>Up and down move through the blocks of seats; OK chooses one.</source>
        <translation>위아래 화살표로 좌석 묶음 사이를 이동하고, 확인으로 선택합니다.</translation>
    </message>
</context>
<context>
    <name>bo::KioskShowtimesPage</name>
    <message numerus="yes">
        <source>%1 · %2 · %n seat(s) free</source>
        <translation>
            <numerusform>%1 · %2 · 빈 좌석 %n석</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a time. Showings: %1. %2</source>
        <translation>시간을 고르세요. 상영 %1회. %2</translation>
    </message>
    <message>
        <source>Choose a time</source>
        <translation>시간을 고르세요</translation>
    </message>
</context>
<context>
    <name>bo::KioskStaffPage</name>
    <message>
        <source>Staff: a supervisor&apos;s number and PIN close the kiosk.</source>
        <translation>직원: 책임자의 직원 번호와 PIN으로 키오스크를 닫습니다.</translation>
    </message>
    <message>
        <source>Staff: one moment…</source>
        <translation>직원: 잠시만 기다려 주세요…</translation>
    </message>
    <message>
        <source>Staff: enter the PIN to close the kiosk.</source>
        <translation>직원: 키오스크를 종료하려면 PIN을 입력하세요.</translation>
    </message>
    <message>
        <source>No staff PIN is set on this kiosk (boxoffice-kiosk --set-staff-pin).</source>
        <translation>이 키오스크에는 직원 PIN이 설정되어 있지 않습니다 (boxoffice-kiosk --set-staff-pin).</translation>
    </message>
    <message>
        <source>Wrong PIN. Try again.</source>
        <translation>PIN이 틀렸습니다. 다시 입력하세요.</translation>
    </message>
    <message>
        <source>Close the kiosk</source>
        <translation>키오스크 종료</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Staff PIN</source>
        <translation>직원 PIN</translation>
    </message>
</context>
<context>
    <name>bo::KioskSummaryPage</name>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Seat %1 · %2</source>
        <translation>좌석 %1 · %2</translation>
    </message>
    <message>
        <source>Total %1</source>
        <translation>합계 %1</translation>
    </message>
    <message>
        <source>Check your order. %1. Pay by card to buy.</source>
        <translation>주문을 확인하세요. %1. 카드로 결제하면 구매가 끝납니다.</translation>
    </message>
    <message>
        <source>Check your order</source>
        <translation>주문을 확인하세요</translation>
    </message>
    <message>
        <source>Pay by card</source>
        <translation>카드로 결제</translation>
    </message>
</context>
<context>
    <name>bo::KioskTicketsPage</name>
    <message>
        <source>One %1 ticket less</source>
        <translation>%1 한 장 빼기</translation>
    </message>
    <message>
        <source>One %1 ticket more</source>
        <translation>%1 한 장 더하기</translation>
    </message>
    <message numerus="yes">
        <source>%n ticket(s), %1</source>
        <translation>
            <numerusform>%n장, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>How many tickets? Plus and minus for each ticket type, then Continue to seats. %1</source>
        <translation>몇 장이 필요하세요? 권종마다 더하기와 빼기로 정한 뒤 좌석 선택으로 가세요. %1</translation>
    </message>
    <message>
        <source>How many tickets?</source>
        <translation>몇 장이 필요하세요?</translation>
    </message>
    <message>
        <source>Continue to seats</source>
        <translation>좌석 선택으로</translation>
    </message>
</context>
<context>
    <name>bo::KioskToolBar</name>
    <message>
        <source>Large text on</source>
        <translation>큰 글자 켜짐</translation>
    </message>
    <message>
        <source>Large text off</source>
        <translation>큰 글자 꺼짐</translation>
    </message>
    <message>
        <source>High contrast on</source>
        <translation>고대비 켜짐</translation>
    </message>
    <message>
        <source>High contrast off</source>
        <translation>고대비 꺼짐</translation>
    </message>
    <message>
        <source>Low reach on: everything is in the lower half of the screen</source>
        <translation>낮은 화면 켜짐: 모든 버튼이 화면 아래쪽 절반에 있습니다</translation>
    </message>
    <message>
        <source>Low reach off</source>
        <translation>낮은 화면 꺼짐</translation>
    </message>
    <message>
        <source>Call staff</source>
        <translation>직원 호출</translation>
    </message>
    <message>
        <source>Staff at the counter are told to come to this kiosk.</source>
        <translation>매표소 직원에게 이 키오스크로 와 달라고 알립니다.</translation>
    </message>
    <message>
        <source>Large text</source>
        <translation>큰 글자</translation>
    </message>
    <message>
        <source>Contrast</source>
        <translation>고대비</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>고대비</translation>
    </message>
    <message>
        <source>Low reach</source>
        <translation>낮은 화면</translation>
    </message>
    <message>
        <source>Moves everything into the lower half of the screen.</source>
        <translation>모든 것을 화면 아래쪽 절반으로 옮깁니다.</translation>
    </message>
    <message>
        <source>Quieter</source>
        <translation>소리 작게</translation>
    </message>
    <message>
        <source>Louder</source>
        <translation>소리 크게</translation>
    </message>
    <message>
        <source>Slower</source>
        <translation>느리게</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>빠르게</translation>
    </message>
</context>
<context>
    <name>bo::KioskVoiceGuide</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: no seats together are free</source>
        <translation>%1: 비어 있는 붙은 좌석이 없습니다</translation>
    </message>
    <message>
        <source>%1, on</source>
        <translation>%1, 켜짐</translation>
    </message>
    <message>
        <source>%1, off</source>
        <translation>%1, 꺼짐</translation>
    </message>
    <message>
        <source>%1, not available</source>
        <translation>%1, 사용할 수 없음</translation>
    </message>
    <message>
        <source>Volume %1 percent</source>
        <translation>음량 %1퍼센트</translation>
    </message>
    <message>
        <source>Slower speech</source>
        <translation>느린 음성</translation>
    </message>
    <message>
        <source>Faster speech</source>
        <translation>빠른 음성</translation>
    </message>
    <message>
        <source>Normal speech</source>
        <translation>보통 음성</translation>
    </message>
</context>
<context>
    <name>bo::KioskWindow</name>
    <message>
        <source>Your place in the line has ended. Please start again.</source>
        <translation>대기 순서가 끝났습니다. 처음부터 다시 시작해 주세요.</translation>
    </message>
    <message>
        <source>We could not finish your payment. Nothing is booked. If your card was charged, the charge is given back automatically. Staff at the counter can check it for you.
%1</source>
        <translation>결제를 마치지 못했습니다. 예매된 것은 없습니다. 카드에서 돈이 빠져나갔다면 자동으로 취소됩니다. 매표소 직원이 확인해 드릴 수 있습니다.
%1</translation>
    </message>
    <message>
        <source>The time to choose ran out and the seats were given back. You can start again.</source>
        <translation>선택 시간이 지나 좌석이 반환되었습니다. 다시 시작할 수 있습니다.</translation>
    </message>
    <message>
        <source>Your order was cancelled. You can start again.</source>
        <translation>주문이 취소되었습니다. 다시 시작할 수 있습니다.</translation>
    </message>
    <message>
        <source>Your seats are kept for %1</source>
        <translation>좌석 유지 시간 %1</translation>
    </message>
</context>
<context>
    <name>bo::LayoutCanvas</name>
    <message>
        <source>Hall layout</source>
        <translation>상영관 배치도</translation>
    </message>
    <message>
        <source>SCREEN</source>
        <translation>스크린</translation>
    </message>
</context>
<context>
    <name>bo::LayoutEditor</name>
    <message>
        <source>Standard</source>
        <translation>일반석</translation>
    </message>
    <message>
        <source>Premium</source>
        <translation>프리미엄석</translation>
    </message>
    <message>
        <source>Couple pair</source>
        <translation>커플석 (2석)</translation>
    </message>
    <message>
        <source>Wheelchair space</source>
        <translation>휠체어석</translation>
    </message>
    <message>
        <source>Companion</source>
        <translation>동반석</translation>
    </message>
    <message>
        <source>Hall layout editor</source>
        <translation>상영관 배치도 편집기</translation>
    </message>
    <message>
        <source>Hall name</source>
        <translation>상영관 이름</translation>
    </message>
    <message>
        <source>&amp;Replace the hall&apos;s layout</source>
        <translation>상영관 배치도 교체(&amp;R)</translation>
    </message>
    <message>
        <source>Replace the hall&apos;s layout</source>
        <translation>상영관 배치도 교체</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>열기(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>저장(&amp;S)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>실행 취소</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>다시 실행</translation>
    </message>
    <message>
        <source>Undo: %1</source>
        <translation>실행 취소: %1</translation>
    </message>
    <message>
        <source>Redo: %1</source>
        <translation>다시 실행: %1</translation>
    </message>
    <message>
        <source>Hall:</source>
        <translation>상영관:</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>열 수</translation>
    </message>
    <message>
        <source>Seats per row</source>
        <translation>열당 좌석 수</translation>
    </message>
    <message>
        <source>Block left</source>
        <translation>블록 왼쪽</translation>
    </message>
    <message>
        <source>Block front</source>
        <translation>블록 앞쪽</translation>
    </message>
    <message>
        <source>First row</source>
        <translation>첫 열</translation>
    </message>
    <message>
        <source>Skip rows I and O</source>
        <translation>I열과 O열 건너뛰기</translation>
    </message>
    <message>
        <source>Seat numbering</source>
        <translation>좌석 번호 매기기</translation>
    </message>
    <message>
        <source>Left to right</source>
        <translation>왼쪽에서 오른쪽으로</translation>
    </message>
    <message>
        <source>Right to left</source>
        <translation>오른쪽에서 왼쪽으로</translation>
    </message>
    <message>
        <source>Odd left, even right</source>
        <translation>왼쪽 홀수, 오른쪽 짝수</translation>
    </message>
    <message>
        <source>Aisle after seat</source>
        <translation>통로 위치 (좌석 뒤)</translation>
    </message>
    <message>
        <source>no aisle</source>
        <translation>통로 없음</translation>
    </message>
    <message>
        <source>Aisle width</source>
        <translation>통로 너비</translation>
    </message>
    <message>
        <source>Kind of the block&apos;s seats</source>
        <translation>블록 좌석 종류</translation>
    </message>
    <message>
        <source>Price zone of the block</source>
        <translation>블록 가격 구역</translation>
    </message>
    <message>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <source>Add &amp;block</source>
        <translation>블록 추가(&amp;B)</translation>
    </message>
    <message>
        <source>Block of rows</source>
        <translation>좌석 블록</translation>
    </message>
    <message>
        <source>Left, front</source>
        <translation>왼쪽, 앞쪽</translation>
    </message>
    <message>
        <source>Numbering</source>
        <translation>번호 매기기</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>종류</translation>
    </message>
    <message>
        <source>Price zone</source>
        <translation>가격 구역</translation>
    </message>
    <message>
        <source>Kind of the selected seats</source>
        <translation>선택한 좌석 종류</translation>
    </message>
    <message>
        <source>Set &amp;kind</source>
        <translation>종류 지정(&amp;K)</translation>
    </message>
    <message>
        <source>Price zone of the selected seats</source>
        <translation>선택한 좌석 가격 구역</translation>
    </message>
    <message>
        <source>Set &amp;zone</source>
        <translation>구역 지정(&amp;Z)</translation>
    </message>
    <message>
        <source>&amp;Remove seats</source>
        <translation>좌석 삭제(&amp;R)</translation>
    </message>
    <message>
        <source>Selected seats</source>
        <translation>선택한 좌석</translation>
    </message>
    <message>
        <source>Aisle left</source>
        <translation>통로 왼쪽</translation>
    </message>
    <message>
        <source>Aisle front</source>
        <translation>통로 앞쪽</translation>
    </message>
    <message>
        <source>Aisle depth</source>
        <translation>통로 깊이</translation>
    </message>
    <message>
        <source>Add &amp;aisle</source>
        <translation>통로 추가(&amp;A)</translation>
    </message>
    <message>
        <source>Screen</source>
        <translation>스크린</translation>
    </message>
    <message>
        <source>Screen at the top</source>
        <translation>스크린 위쪽</translation>
    </message>
    <message>
        <source>Screen at the bottom</source>
        <translation>스크린 아래쪽</translation>
    </message>
    <message>
        <source>Aisle and screen</source>
        <translation>통로와 스크린</translation>
    </message>
    <message>
        <source>Width, depth</source>
        <translation>너비, 깊이</translation>
    </message>
    <message>
        <source>Problems of the layout</source>
        <translation>배치도의 문제</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>문제</translation>
    </message>
    <message>
        <source>Seat kind %1</source>
        <translation>좌석 종류 %1</translation>
    </message>
    <message>
        <source>Price zone %1</source>
        <translation>가격 구역 %1</translation>
    </message>
    <message>
        <source>Remove seats</source>
        <translation>좌석 삭제</translation>
    </message>
    <message>
        <source>No problems: the layout can be saved.</source>
        <translation>문제 없음: 배치도를 저장할 수 있습니다.</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s)</source>
        <translation>
            <numerusform>좌석 %n석</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n aisle(s)</source>
        <translation>
            <numerusform>통로 %n개</numerusform>
        </translation>
    </message>
    <message>
        <source>Add %1 x %2 seats</source>
        <translation>좌석 %1 x %2 추가</translation>
    </message>
    <message>
        <source>Add aisle</source>
        <translation>통로 추가</translation>
    </message>
    <message numerus="yes">
        <source>Move %n seat(s)</source>
        <translation>
            <numerusform>좌석 %n석 이동</numerusform>
        </translation>
    </message>
    <message>
        <source>No seat selected (click, Ctrl+click or drag a frame)</source>
        <translation>선택한 좌석 없음 (클릭, Ctrl+클릭 또는 영역 드래그)</translation>
    </message>
    <message numerus="yes">
        <source>%n seat(s) selected</source>
        <translation>
            <numerusform>좌석 %n석 선택됨</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened hall %1.</source>
        <translation>상영관 %1을(를) 열었습니다.</translation>
    </message>
    <message numerus="yes">
        <source>Saved the new hall %1 (%n seat(s)).</source>
        <translation>
            <numerusform>새 상영관 %1을(를) 저장했습니다 (좌석 %n석).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Saved hall %1 as version %2 (%n seat(s)).</source>
        <translation>
            <numerusform>상영관 %1을(를) 버전 %2(으)로 저장했습니다 (좌석 %n석).</numerusform>
        </translation>
    </message>
    <message>
        <source>Opening hall %1…</source>
        <translation>%1 상영관을 여는 중…</translation>
    </message>
    <message>
        <source>Saving hall %1…</source>
        <translation>%1 상영관을 저장하는 중…</translation>
    </message>
</context>
<context>
    <name>bo::ManagerSignInDialog</name>
    <message>
        <source>Week planner: manager sign-in</source>
        <translation>주간 편성표: 관리자 로그인</translation>
    </message>
    <message>
        <source>Hall layouts: manager sign-in</source>
        <translation>상영관 배치도: 관리자 로그인</translation>
    </message>
    <message>
        <source>The catalogue is a manager&apos;s. Sign in with a manager&apos;s login.</source>
        <translation>운영 관리는 관리자 전용입니다. 관리자 로그인으로 로그인하세요.</translation>
    </message>
    <message>
        <source>Manager login</source>
        <translation>관리자 로그인</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>비밀번호</translation>
    </message>
    <message>
        <source>&amp;Login:</source>
        <translation>로그인(&amp;L):</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>비밀번호(&amp;P):</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>로그인</translation>
    </message>
    <message>
        <source>Enter a manager&apos;s login.</source>
        <translation>관리자 로그인을 입력하세요.</translation>
    </message>
    <message>
        <source>Not signed in: %1</source>
        <translation>로그인하지 못했습니다: %1</translation>
    </message>
    <message>
        <source>Films: manager sign-in</source>
        <translation>영화: 관리자 로그인</translation>
    </message>
    <message>
        <source>Manager: %1 (%2)</source>
        <translation>관리자: %1 (%2)</translation>
    </message>
    <message>
        <source>Reports: manager sign-in</source>
        <translation>보고서: 관리자 로그인</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>로그인하는 중…</translation>
    </message>
</context>
<context>
    <name>bo::PaymentProcess</name>
    <message>
        <source>The payment could not be recorded; nothing was charged.</source>
        <translation>결제를 기록할 수 없었습니다. 청구된 금액은 없습니다.</translation>
    </message>
    <message>
        <source>The card answered, but the answer could not be stored; it is checked again automatically.</source>
        <translation>카드 응답은 받았지만 저장할 수 없었습니다. 자동으로 다시 조회합니다.</translation>
    </message>
    <message>
        <source>The payment service never received the payment; nothing was charged.</source>
        <translation>결제 서비스가 결제를 받지 못했습니다. 청구된 금액은 없습니다.</translation>
    </message>
    <message>
        <source>The card payment could not be checked in time. If it went through, it is voided automatically.</source>
        <translation>카드 결제를 제시간에 확인할 수 없었습니다. 결제되었다면 자동으로 승인 취소됩니다.</translation>
    </message>
    <message>
        <source>The payment service could not be reached; nothing was charged.</source>
        <translation>결제 서비스에 연결할 수 없었습니다. 청구된 금액은 없습니다.</translation>
    </message>
    <message>
        <source>This payment was already handled elsewhere (%1).</source>
        <translation>이 결제는 이미 다른 곳에서 처리되었습니다(%1).</translation>
    </message>
    <message>
        <source>The booking could not be confirmed or checked. The payment is captured if the booking was made and voided if not, automatically.</source>
        <translation>예매를 확정하거나 확인할 수 없었습니다. 예매가 되었다면 결제가 매입되고, 아니면 자동으로 승인 취소됩니다.</translation>
    </message>
    <message>
        <source>The booking could not be confirmed or checked. Keep the cash until it is known.</source>
        <translation>예매를 확정하거나 확인할 수 없었습니다. 결과를 알 때까지 현금을 보관하세요.</translation>
    </message>
    <message>
        <source>cash handed back</source>
        <translation>현금 반환</translation>
    </message>
    <message>
        <source>the terminal stopped before the payment was sent</source>
        <translation>결제를 보내기 전에 단말기가 멈춤</translation>
    </message>
    <message>
        <source>no booking was made</source>
        <translation>예매가 이루어지지 않음</translation>
    </message>
    <message>
        <source>The sale&apos;s booking is still pending after its release.</source>
        <translation>좌석을 해제했지만 판매의 예매가 아직 대기 중입니다.</translation>
    </message>
</context>
<context>
    <name>bo::PaymentRecordListModel</name>
    <message>
        <source>Started %1, last change %2</source>
        <translation>시작 %1, 마지막 변경 %2</translation>
    </message>
    <message>
        <source>Booking %1</source>
        <translation>예매 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Cash</source>
        <translation>현금</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>카드</translation>
    </message>
    <message>
        <source>Card %1</source>
        <translation>카드 %1</translation>
    </message>
    <message>
        <source>%1 (calls unanswered: %2)</source>
        <translation>%1 (응답 없는 호출: %2)</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>시작</translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation>단말기</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>결제 수단</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>금액</translation>
    </message>
    <message>
        <source>State</source>
        <translation>상태</translation>
    </message>
    <message>
        <source>Booking</source>
        <translation>예매</translation>
    </message>
    <message>
        <source>Service reference</source>
        <translation>결제사 참조번호</translation>
    </message>
    <message>
        <source>Last problem</source>
        <translation>마지막 문제</translation>
    </message>
    <message>
        <source>Reconciler</source>
        <translation>정산 처리</translation>
    </message>
    <message>
        <source>Recorded, not sent</source>
        <translation>기록됨, 전송 안 됨</translation>
    </message>
    <message>
        <source>Authorising (outcome unknown)</source>
        <translation>승인 중 (결과 알 수 없음)</translation>
    </message>
    <message>
        <source>Authorised</source>
        <translation>승인됨</translation>
    </message>
    <message>
        <source>Declined</source>
        <translation>거절됨</translation>
    </message>
    <message>
        <source>Capturing</source>
        <translation>매입 중</translation>
    </message>
    <message>
        <source>Captured</source>
        <translation>매입됨</translation>
    </message>
    <message>
        <source>Voiding</source>
        <translation>승인 취소 중</translation>
    </message>
    <message>
        <source>Voided</source>
        <translation>승인 취소됨</translation>
    </message>
    <message>
        <source>Refunding</source>
        <translation>환불 중</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>환불됨</translation>
    </message>
    <message>
        <source>Abandoned</source>
        <translation>청구되지 않음</translation>
    </message>
    <message>
        <source>Mark never charged</source>
        <translation>미청구로 표시</translation>
    </message>
    <message>
        <source>Ask the payment service</source>
        <translation>결제사에 조회</translation>
    </message>
    <message>
        <source>Keep the cash</source>
        <translation>현금 보관</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>매입</translation>
    </message>
    <message>
        <source>Hand the cash back</source>
        <translation>현금 반환</translation>
    </message>
    <message>
        <source>Void</source>
        <translation>승인 취소</translation>
    </message>
    <message>
        <source>Give up the sale, then void</source>
        <translation>판매 포기 후 승인 취소</translation>
    </message>
    <message>
        <source>None: a refund is for staff</source>
        <translation>없음: 환불은 직원이 처리</translation>
    </message>
    <message>
        <source>None while the sale may still finish</source>
        <translation>없음: 판매가 아직 완료될 수 있음</translation>
    </message>
    <message>
        <source>%1 (next pass)</source>
        <translation>%1 (다음 처리 때)</translation>
    </message>
    <message>
        <source>%1, once its terminal is silent</source>
        <translation>%1, 단말기 응답이 없어지면</translation>
    </message>
    <message>
        <source>under a minute</source>
        <translation>1분 미만</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1분</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1시간 %2분</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1일 %2시간</translation>
    </message>
</context>
<context>
    <name>bo::PgManagerScreens</name>
    <message>
        <source>%1 is not a manager&apos;s login.</source>
        <translation>%1은(는) 관리자 로그인이 아닙니다.</translation>
    </message>
    <message>
        <source>Week planner — %1</source>
        <translation>주간 편성표 — %1</translation>
    </message>
    <message>
        <source>Hall layouts — %1</source>
        <translation>상영관 배치도 — %1</translation>
    </message>
    <message>
        <source>Films — %1</source>
        <translation>영화 — %1</translation>
    </message>
    <message>
        <source>Reports — %1</source>
        <translation>보고서 — %1</translation>
    </message>
</context>
<context>
    <name>bo::PinPad</name>
    <message>
        <source>PIN</source>
        <translation>PIN</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>지우기</translation>
    </message>
    <message>
        <source>Delete the last digit</source>
        <translation>마지막 숫자 지우기</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>한 자리 지우기</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>확인</translation>
    </message>
</context>
<context>
    <name>bo::PriceCardFormat</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>wants a text</source>
        <translation>텍스트여야 합니다</translation>
    </message>
    <message>
        <source>wants a whole number of minor units from 0 to 10000000000</source>
        <translation>0~10000000000 사이의 최소 통화 단위 정수여야 합니다</translation>
    </message>
    <message>
        <source>wants a list</source>
        <translation>목록이어야 합니다</translation>
    </message>
    <message>
        <source>wants an object</source>
        <translation>객체여야 합니다</translation>
    </message>
    <message>
        <source>unknown field &apos;%1&apos; (%2)</source>
        <translation>알 수 없는 필드 &apos;%1&apos; (쓸 수 있는 필드: %2)</translation>
    </message>
    <message>
        <source>Not JSON at character %1: %2.</source>
        <translation>JSON이 아닙니다(%1번째 문자): %2.</translation>
    </message>
    <message>
        <source>A price list is a JSON object.</source>
        <translation>요금표는 JSON 객체여야 합니다.</translation>
    </message>
    <message>
        <source>unknown field (%1)</source>
        <translation>알 수 없는 필드 (쓸 수 있는 필드: %1)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a time like 06:00</source>
        <translation>&apos;%1&apos;은(는) 06:00 같은 시각이 아닙니다</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not weekday, weekend or holiday</source>
        <translation>&apos;%1&apos;은(는) weekday, weekend, holiday 중 하나가 아닙니다</translation>
    </message>
    <message>
        <source>a rule names a daypart, a day or both (the ticket type&apos;s amount is its base price)</source>
        <translation>규칙에는 요금 시간대나 요일 구분, 또는 둘 다를 지정합니다(권종의 금액이 기본 요금입니다)</translation>
    </message>
    <message>
        <source>unknown seat kind &apos;%1&apos; (standard, premium, couple, wheelchair, companion)</source>
        <translation>알 수 없는 좌석 종류 &apos;%1&apos; (standard, premium, couple, wheelchair, companion)</translation>
    </message>
    <message>
        <source>wants a list of days</source>
        <translation>날짜 목록이어야 합니다</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a day like 2026-12-25</source>
        <translation>&apos;%1&apos;은(는) 2026-12-25 같은 날짜가 아닙니다</translation>
    </message>
    <message>
        <source>A price list&apos;s name is 1 to 80 characters without spaces around it.</source>
        <translation>요금표 이름은 앞뒤 공백 없이 1~80자여야 합니다.</translation>
    </message>
    <message>
        <source>A price list has at least one ticket type.</source>
        <translation>요금표에는 권종이 하나 이상 있어야 합니다.</translation>
    </message>
    <message>
        <source>The ticket type code &apos;%1&apos; is not 1 to 32 small letters, digits or _ starting with a letter.</source>
        <translation>권종 코드 &apos;%1&apos;이(가) 올바르지 않습니다. 영문 소문자로 시작하는 1~32자의 영문 소문자, 숫자, _여야 합니다.</translation>
    </message>
    <message>
        <source>The ticket type %1 is listed twice.</source>
        <translation>권종 %1이(가) 두 번 지정되었습니다.</translation>
    </message>
    <message>
        <source>The ticket type %1 needs a name of 1 to 40 characters.</source>
        <translation>권종 %1에는 1~40자의 이름이 필요합니다.</translation>
    </message>
    <message>
        <source>A rule prices the ticket type &apos;%1&apos;, which the list does not have.</source>
        <translation>규칙이 요금표에 없는 권종 &apos;%1&apos;의 요금을 정합니다.</translation>
    </message>
</context>
<context>
    <name>bo::PriceResolver</name>
    <message>
        <source>A price list needs its currency, like KRW.</source>
        <translation>요금표에는 KRW 같은 통화가 필요합니다.</translation>
    </message>
    <message>
        <source>A daypart needs a code and the time it begins.</source>
        <translation>요금 시간대에는 코드와 시작 시각이 필요합니다.</translation>
    </message>
    <message>
        <source>The daypart &apos;%1&apos; is named twice.</source>
        <translation>요금 시간대 &apos;%1&apos;이(가) 두 번 지정되었습니다.</translation>
    </message>
    <message>
        <source>Two dayparts begin at %1.</source>
        <translation>요금 시간대 두 개가 모두 %1에 시작합니다.</translation>
    </message>
    <message>
        <source>Price rule %1 names no ticket type.</source>
        <translation>요금 규칙 %1에 권종이 없습니다.</translation>
    </message>
    <message>
        <source>Price rule %1 (%2) has a negative amount.</source>
        <translation>요금 규칙 %1(%2)의 금액이 음수입니다.</translation>
    </message>
    <message>
        <source>Price rule %1 (%2) names the daypart &apos;%3&apos; the list does not have.</source>
        <translation>요금 규칙 %1(%2)에 요금표에 없는 요금 시간대 &apos;%3&apos;이(가) 지정되었습니다.</translation>
    </message>
    <message>
        <source>Price rules %1 and %2 both price %3 for %4 on %5.</source>
        <translation>요금 규칙 %1과(와) %2이(가) 같은 조건(권종 %3, 요금 시간대 %4, 요일 %5)의 요금을 정합니다.</translation>
    </message>
    <message>
        <source>any daypart</source>
        <translation>구분 없음</translation>
    </message>
    <message>
        <source>The seat kind %1 is surcharged twice.</source>
        <translation>좌석 종류 %1에 추가 요금이 두 번 지정되었습니다.</translation>
    </message>
    <message>
        <source>The format %1 is surcharged twice.</source>
        <translation>상영 포맷 %1에 추가 요금이 두 번 지정되었습니다.</translation>
    </message>
    <message>
        <source>A price needs the showtime&apos;s start.</source>
        <translation>요금을 정하려면 상영 시작 시각이 필요합니다.</translation>
    </message>
    <message>
        <source>No price for %1 tickets on %2 at %3.</source>
        <translation>권종 %1의 요금이 없습니다(%2, %3).</translation>
    </message>
    <message>
        <source>any day</source>
        <translation>모든 요일</translation>
    </message>
    <message>
        <source>weekdays</source>
        <translation>평일</translation>
    </message>
    <message>
        <source>weekends</source>
        <translation>주말</translation>
    </message>
    <message>
        <source>holidays</source>
        <translation>공휴일</translation>
    </message>
    <message>
        <source>A seat surcharge cannot be negative.</source>
        <translation>좌석 추가 요금은 음수일 수 없습니다.</translation>
    </message>
    <message>
        <source>A format surcharge cannot be negative.</source>
        <translation>상영 포맷 추가 요금은 음수일 수 없습니다.</translation>
    </message>
</context>
<context>
    <name>bo::QrCode</name>
    <message>
        <source>The ticket&apos;s QR code could not be made.</source>
        <translation>티켓의 QR 코드를 만들지 못했습니다.</translation>
    </message>
</context>
<context>
    <name>bo::RefundDialog</name>
    <message>
        <source>back to the card</source>
        <translation>카드로 환불</translation>
    </message>
    <message>
        <source>in cash from this drawer</source>
        <translation>이 금전함에서 현금으로</translation>
    </message>
    <message>
        <source>nothing to pay back (no payment)</source>
        <translation>돌려줄 금액 없음(결제 없음)</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>환불</translation>
    </message>
    <message>
        <source>This refund needs a supervisor:</source>
        <translation>이 환불은 책임자 승인이 필요합니다:</translation>
    </message>
    <message>
        <source>Booking:</source>
        <translation>예매:</translation>
    </message>
    <message>
        <source>Seats:</source>
        <translation>좌석:</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>사유:</translation>
    </message>
    <message>
        <source>Looking up the booking…</source>
        <translation>예매를 찾는 중…</translation>
    </message>
    <message>
        <source>Tick the seats to refund.</source>
        <translation>환불할 좌석을 선택하세요.</translation>
    </message>
    <message>
        <source>Refund %1 for %2: %3.</source>
        <translation>%2 환불 %1: %3.</translation>
    </message>
    <message>
        <source>Say why the customer is paid back.</source>
        <translation>환불 사유를 입력하세요.</translation>
    </message>
    <message>
        <source>Refunding…</source>
        <translation>환불 중…</translation>
    </message>
    <message>
        <source>A supervisor types their number and PIN first.</source>
        <translation>먼저 책임자가 번호와 PIN을 입력하세요.</translation>
    </message>
    <message>
        <source>Refunded: hand back %1 in cash.</source>
        <translation>환불 완료: 현금 %1을(를) 돌려주세요.</translation>
    </message>
    <message>
        <source>Refunded: %1 %2.</source>
        <translation>환불 완료: %1 %2.</translation>
    </message>
    <message>
        <source>The seats are free; %1 back to the card waits for the payment service and is sent again by itself.</source>
        <translation>좌석은 풀렸습니다. 카드 환불 %1은(는) 결제 서비스 응답을 기다리며 자동으로 다시 요청됩니다.</translation>
    </message>
    <message>
        <source>The payment service refused to give back %1 (%2): settle it with the customer another way.</source>
        <translation>결제 서비스가 %1 환불을 거절했습니다(%2): 고객과 다른 방법으로 정산하세요.</translation>
    </message>
    <message>
        <source>Refund %1 for %2: %3 back to the card and %4 in cash from this drawer.</source>
        <translation>%2 환불 %1: 카드로 %3, 이 서랍에서 현금 %4.</translation>
    </message>
    <message>
        <source>Hand back %1 in cash as well.</source>
        <translation>현금 %1도 돌려주세요.</translation>
    </message>
</context>
<context>
    <name>bo::Refusals</name>
    <message>
        <source>The database cannot be reached.</source>
        <translation>데이터베이스에 연결할 수 없습니다.</translation>
    </message>
    <message>
        <source>Not connected to the database.</source>
        <translation>데이터베이스에 연결되어 있지 않습니다.</translation>
    </message>
    <message>
        <source>Cannot connect to the database at %1: %2</source>
        <translation>%1의 데이터베이스에 연결할 수 없습니다: %2</translation>
    </message>
    <message>
        <source>The database refused the login %1: wrong login or password.</source>
        <translation>데이터베이스가 로그인 %1을(를) 거부했습니다: 로그인 또는 비밀번호가 틀렸습니다.</translation>
    </message>
    <message>
        <source>The PostgreSQL driver for Qt (QPSQL) is not installed.</source>
        <translation>Qt용 PostgreSQL 드라이버(QPSQL)가 설치되어 있지 않습니다.</translation>
    </message>
    <message>
        <source>The database connection string is not valid: %1</source>
        <translation>데이터베이스 연결 문자열이 올바르지 않습니다: %1</translation>
    </message>
    <message>
        <source>The database connection string must not contain &apos;;&apos;.</source>
        <translation>데이터베이스 연결 문자열에는 &apos;;&apos; 문자를 넣을 수 없습니다.</translation>
    </message>
    <message>
        <source>The database did not answer in time.</source>
        <translation>데이터베이스가 제시간에 응답하지 않았습니다.</translation>
    </message>
    <message>
        <source>The outcome is being checked: the database could not confirm it was saved twice.</source>
        <translation>결과를 확인하는 중입니다: 데이터베이스가 두 번 모두 저장 여부를 확인해 주지 못했습니다.</translation>
    </message>
    <message>
        <source>The transaction failed and was rolled back.</source>
        <translation>트랜잭션이 실패하여 롤백되었습니다.</translation>
    </message>
    <message>
        <source>Unexpected database error.</source>
        <translation>예기치 않은 데이터베이스 오류입니다.</translation>
    </message>
    <message>
        <source>A value cannot be sent to the database: %1</source>
        <translation>데이터베이스에 값을 보낼 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Could not encrypt the password.</source>
        <translation>비밀번호를 암호화할 수 없습니다.</translation>
    </message>
    <message>
        <source>The database gave no answer to %1.</source>
        <translation>데이터베이스가 %1에 응답하지 않았습니다.</translation>
    </message>
    <message>
        <source>The database answered %1 in a way this program does not know.</source>
        <translation>데이터베이스가 %1에 이 프로그램이 모르는 방식으로 응답했습니다.</translation>
    </message>
    <message>
        <source>Some seats are no longer available.</source>
        <translation>일부 좌석은 더 이상 예매할 수 없습니다.</translation>
    </message>
    <message>
        <source>The seat hold has expired.</source>
        <translation>좌석 선점 시간이 만료되었습니다.</translation>
    </message>
    <message>
        <source>This showtime sells through a queue; wait for your turn.</source>
        <translation>이 상영은 대기열로 판매합니다. 차례를 기다려 주세요.</translation>
    </message>
    <message>
        <source>Another request is still working on this; try again.</source>
        <translation>다른 요청이 아직 처리 중입니다. 다시 시도하세요.</translation>
    </message>
    <message>
        <source>Another sale got there first; try again.</source>
        <translation>다른 판매가 먼저 처리되었습니다. 다시 시도하세요.</translation>
    </message>
    <message>
        <source>No showtime is on sale.</source>
        <translation>판매 중인 상영이 없습니다.</translation>
    </message>
    <message>
        <source>Which seats?</source>
        <translation>어느 좌석인지 지정하세요.</translation>
    </message>
    <message>
        <source>A seat name is empty.</source>
        <translation>좌석 이름이 비어 있습니다.</translation>
    </message>
    <message>
        <source>Seat %1 is listed more than once.</source>
        <translation>%1 좌석이 두 번 이상 지정되었습니다.</translation>
    </message>
    <message>
        <source>Seat %1 is in %2, not in %3 where showtime %4 plays.</source>
        <translation>%1 좌석은 %2에 있습니다. 상영 %4은(는) %3에서 진행됩니다.</translation>
    </message>
    <message>
        <source>There is no seat %1 in %2 (showtime %3).</source>
        <translation>%2에는 %1 좌석이 없습니다(상영 %3).</translation>
    </message>
    <message>
        <source>This till has no open shift.</source>
        <translation>이 계산대에는 열린 근무가 없습니다.</translation>
    </message>
    <message>
        <source>A new seat is no longer free: pick others.</source>
        <translation>새 좌석 중 이미 팔린 좌석이 있습니다: 다른 좌석을 고르세요.</translation>
    </message>
    <message>
        <source>There is no showtime %1.</source>
        <translation>상영 %1을(를) 찾을 수 없습니다.</translation>
    </message>
    <message>
        <source>The hall is busy at that time.</source>
        <translation>그 시간에는 상영관이 이미 사용 중입니다.</translation>
    </message>
    <message>
        <source>A showtime needs a valid start time.</source>
        <translation>상영에는 올바른 시작 시각이 필요합니다.</translation>
    </message>
    <message>
        <source>Every showtime of a pattern needs a valid start time.</source>
        <translation>패턴의 모든 상영에는 올바른 시작 시각이 필요합니다.</translation>
    </message>
    <message>
        <source>A week needs a valid first day and time zone.</source>
        <translation>주간에는 올바른 첫날과 시간대가 필요합니다.</translation>
    </message>
    <message>
        <source>Showtime %1 has sold seats or a sale in progress: refund its bookings first.</source>
        <translation>상영 %1에는 판매된 좌석이나 진행 중인 판매가 있습니다. 먼저 예매를 환불하세요.</translation>
    </message>
    <message>
        <source>Showtime %1 has sold seats: refund its bookings first.</source>
        <translation>상영 %1에는 판매된 좌석이 있습니다. 먼저 예매를 환불하세요.</translation>
    </message>
    <message>
        <source>Showtime %1 has seats held by a sale in progress: try again when it is over.</source>
        <translation>상영 %1에는 진행 중인 판매가 선점한 좌석이 있습니다. 판매가 끝난 뒤 다시 시도하세요.</translation>
    </message>
    <message>
        <source>Showtime %1 has bookings: it keeps the layout its tickets were sold on.</source>
        <translation>상영 회차 %1에는 예매가 있어 표를 판매한 좌석 배치를 유지합니다.</translation>
    </message>
    <message>
        <source>Showtime %1 stays in its hall: cancel it and add it in the other hall.</source>
        <translation>상영 %1은(는) 다른 상영관으로 옮길 수 없습니다. 취소한 뒤 다른 상영관에 새로 추가하세요.</translation>
    </message>
    <message>
        <source>The showtime&apos;s price list cannot be read: %1</source>
        <translation>상영의 요금표를 읽을 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Name one showtime or more.</source>
        <translation>상영 회차를 하나 이상 지정하세요.</translation>
    </message>
    <message>
        <source>Say when the sale opens, closes, or both.</source>
        <translation>판매 시작, 판매 종료 또는 둘 다 지정하세요.</translation>
    </message>
    <message>
        <source>The settings row is missing.</source>
        <translation>데이터베이스에 설정 행이 없습니다.</translation>
    </message>
    <message>
        <source>The demo data is not built into this program.</source>
        <translation>이 프로그램에는 데모 데이터가 포함되어 있지 않습니다.</translation>
    </message>
    <message>
        <source>There is no film %1.</source>
        <translation>영화 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>Film %1 is &apos;%2&apos; in %3 already.</source>
        <translation>&apos;%2&apos;(%3)은(는) 이미 영화 %1(으)로 등록되어 있습니다.</translation>
    </message>
    <message>
        <source>There is no hall &apos;%1&apos;.</source>
        <translation>&apos;%1&apos; 상영관이 없습니다.</translation>
    </message>
    <message>
        <source>Hall &apos;%1&apos; has no seat %2.</source>
        <translation>&apos;%1&apos; 상영관에 %2 좌석이 없습니다.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid login name (lower-case letters, digits and _, at most 63).</source>
        <translation>&apos;%1&apos;은(는) 올바른 로그인 이름이 아닙니다(영문 소문자, 숫자, _만, 최대 63자).</translation>
    </message>
    <message>
        <source>The password is empty.</source>
        <translation>비밀번호가 비어 있습니다.</translation>
    </message>
    <message>
        <source>A database role named %1 exists already.</source>
        <translation>%1(이)라는 데이터베이스 역할이 이미 있습니다.</translation>
    </message>
    <message>
        <source>There is no login %1.</source>
        <translation>로그인 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>%1 is not a Box office terminal or manager login; it is left alone.</source>
        <translation>%1은(는) Box office 단말기 또는 관리자 로그인이 아니므로 그대로 둡니다.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid database name.</source>
        <translation>&apos;%1&apos;은(는) 올바른 데이터베이스 이름이 아닙니다.</translation>
    </message>
    <message>
        <source>There is no database %1.</source>
        <translation>데이터베이스 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>The database schema (version %1) is newer than this program understands (version %2). Install the newer Box office release.</source>
        <translation>데이터베이스 스키마(버전 %1)가 이 프로그램이 지원하는 버전(%2)보다 최신입니다. 최신 버전의 매표소 프로그램을 설치하세요.</translation>
    </message>
    <message>
        <source>The database schema is at version %1, this program needs version %2. Run &apos;boxoffice-admin migrate&apos; first.</source>
        <translation>데이터베이스 스키마는 버전 %1이지만 이 프로그램에는 버전 %2이(가) 필요합니다. 먼저 &apos;boxoffice-admin migrate&apos;를 실행하세요.</translation>
    </message>
    <message>
        <source>The database schema has a gap: %1. Migrations are never applied out of order; restore the database or install the release that migrated it.</source>
        <translation>데이터베이스 스키마에 빠진 부분이 있습니다: %1. 마이그레이션은 순서를 건너뛰어 적용하지 않습니다. 데이터베이스를 복원하거나 이 데이터베이스를 마이그레이션한 릴리스를 설치하세요.</translation>
    </message>
    <message>
        <source>The database&apos;s functions are not the ones this program carries (another release migrated it). Run &apos;boxoffice-admin migrate&apos; first.</source>
        <translation>데이터베이스의 함수가 이 프로그램에 들어 있는 것과 다릅니다(다른 릴리스가 마이그레이션했습니다). 먼저 &apos;boxoffice-admin migrate&apos;를 실행하세요.</translation>
    </message>
    <message>
        <source>No migrations are built into this program.</source>
        <translation>이 프로그램에는 마이그레이션이 포함되어 있지 않습니다.</translation>
    </message>
    <message>
        <source>Migration %1 failed and was rolled back: %2</source>
        <translation>마이그레이션 %1이(가) 실패하여 롤백되었습니다: %2</translation>
    </message>
    <message>
        <source>No database functions are built into this program.</source>
        <translation>이 프로그램에는 데이터베이스 함수가 들어 있지 않습니다.</translation>
    </message>
    <message>
        <source>The database functions failed to apply and were rolled back: %1</source>
        <translation>데이터베이스 함수를 적용하지 못해 되돌렸습니다: %1</translation>
    </message>
    <message>
        <source>PostgreSQL refuses to run as root and there is no &apos;postgres&apos; user to run it as. Run as an ordinary user, or install the postgresql package (it creates that user).</source>
        <translation>PostgreSQL은 root 권한으로 실행되지 않으며, 대신 실행할 &apos;postgres&apos; 사용자가 없습니다. 일반 사용자로 실행하거나 postgresql 패키지를 설치하세요(패키지가 해당 사용자를 만듭니다).</translation>
    </message>
    <message>
        <source>The PostgreSQL server programs (initdb, pg_ctl, postgres) were not found on PATH or in C:\Program Files\PostgreSQL\*\bin. Install PostgreSQL for Windows for the demo, or point this till at the site&apos;s database with --db.</source>
        <translation>PATH 또는 C:\Program Files\PostgreSQL\*\bin에서 PostgreSQL 서버 프로그램(initdb, pg_ctl, postgres)을 찾을 수 없습니다. 데모를 쓰려면 Windows용 PostgreSQL을 설치하거나, --db로 이 단말기를 사이트의 데이터베이스에 연결하세요.</translation>
    </message>
    <message>
        <source>The PostgreSQL server programs (initdb, pg_ctl, postgres) were not found on PATH or in /usr/lib/postgresql/*/bin. Install the postgresql package.</source>
        <translation>PATH 또는 /usr/lib/postgresql/*/bin에서 PostgreSQL 서버 프로그램(initdb, pg_ctl, postgres)을 찾을 수 없습니다. postgresql 패키지를 설치하세요.</translation>
    </message>
    <message>
        <source>Cannot hand %1 to the postgres user.</source>
        <translation>%1의 소유권을 postgres 사용자에게 넘길 수 없습니다.</translation>
    </message>
    <message>
        <source>PostgreSQL runs as user &apos;postgres&apos; when started by root, and it cannot reach %1 because %2 is closed to other users. Choose a folder under /tmp or /var/tmp.</source>
        <translation>root로 시작하면 PostgreSQL은 &apos;postgres&apos; 사용자로 실행되는데, %2에 다른 사용자의 접근이 막혀 있어 %1에 접근할 수 없습니다. /tmp 또는 /var/tmp 아래의 폴더를 선택하세요.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>%1 폴더를 만들 수 없습니다.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1에 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>Another program is still starting the database in %1.</source>
        <translation>다른 프로그램이 아직 %1에서 데이터베이스를 시작하는 중입니다.</translation>
    </message>
    <message>
        <source>initdb failed in %1.</source>
        <translation>%1에서 initdb가 실패했습니다.</translation>
    </message>
    <message>
        <source>No free loopback port for the database.</source>
        <translation>데이터베이스에 사용할 수 있는 루프백 포트가 없습니다.</translation>
    </message>
    <message>
        <source>The database folder must not contain a quote: %1</source>
        <translation>데이터베이스 폴더 경로에는 따옴표를 넣을 수 없습니다: %1</translation>
    </message>
    <message>
        <source>The private PostgreSQL server in %1 did not start.</source>
        <translation>%1의 전용 PostgreSQL 서버가 시작되지 않았습니다.</translation>
    </message>
    <message>
        <source>Stopping the database in %1 failed.</source>
        <translation>%1의 데이터베이스를 중지하지 못했습니다.</translation>
    </message>
    <message>
        <source>This build has no SQLite driver for the door&apos;s journal.</source>
        <translation>이 빌드에는 입구 기록에 필요한 SQLite 드라이버가 없습니다.</translation>
    </message>
    <message>
        <source>The door&apos;s journal must be a file: %1</source>
        <translation>입구 기록은 파일이어야 합니다: %1</translation>
    </message>
    <message>
        <source>The door&apos;s journal folder cannot be made: %1</source>
        <translation>입구 기록 폴더를 만들 수 없습니다: %1</translation>
    </message>
    <message>
        <source>The door&apos;s journal cannot be opened: %1</source>
        <translation>입구 기록을 열 수 없습니다: %1</translation>
    </message>
    <message>
        <source>The door&apos;s journal cannot be written.</source>
        <translation>입구 기록을 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>The door&apos;s journal cannot be read.</source>
        <translation>입구 기록을 읽을 수 없습니다.</translation>
    </message>
    <message>
        <source>The door&apos;s journal has no scan %1.</source>
        <translation>입구 기록에 스캔 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>migration %1 is not applied although %2 is</source>
        <translation>마이그레이션 %2은(는) 적용되었지만 %1은(는) 적용되지 않았습니다</translation>
    </message>
    <message>
        <source>migration %1 is applied but not shipped with this program</source>
        <translation>마이그레이션 %1이(가) 적용되어 있지만 이 프로그램에는 포함되어 있지 않습니다</translation>
    </message>
    <message>
        <source>Too many PINs were tried at this terminal: wait ten minutes, then try again.</source>
        <translation>이 단말기에서 PIN을 너무 많이 시도했습니다. 10분 뒤에 다시 시도하세요.</translation>
    </message>
    <message>
        <source>Showtime %1 goes on sale at %2.</source>
        <translation>상영 %1은(는) %2에 판매를 시작합니다.</translation>
    </message>
    <message>
        <source>Showtime %1 is not on sale.</source>
        <translation>상영 %1은(는) 판매 중이 아닙니다.</translation>
    </message>
    <message>
        <source>This kiosk still holds %1 seats for another sale; a kiosk holds at most %2 at a time.</source>
        <translation>이 키오스크는 다른 판매의 좌석 %1석을 아직 잡고 있습니다. 키오스크는 한 번에 최대 %2석까지 잡을 수 있습니다.</translation>
    </message>
    <message>
        <source>Seats %2 are not in showtime %1.</source>
        <translation>좌석 %2은(는) 상영 %1에 없습니다.</translation>
    </message>
    <message>
        <source>This sale holds nothing on showtime %1 any more.</source>
        <translation>이 판매는 상영 %1에 더 이상 잡은 좌석이 없습니다.</translation>
    </message>
    <message>
        <source>There is no request %1 to answer again.</source>
        <translation>다시 응답할 요청 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>Key %1 was already used for a different request.</source>
        <translation>키 %1은(는) 이미 다른 요청에 사용되었습니다.</translation>
    </message>
    <message>
        <source>There is no booking %1.</source>
        <translation>예매 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>Booking %1 is already %2.</source>
        <translation>예매 %1은(는) 이미 %2 상태입니다.</translation>
    </message>
    <message>
        <source>Booking %1 cannot be cancelled while its payment %2 is being captured: wait for the result (or run boxoffice-admin reconcile), then cancel and refund.</source>
        <translation>예매 %1의 결제 %2이(가) 승인 처리 중이라 취소할 수 없습니다. 결과를 기다리거나 boxoffice-admin reconcile을 실행한 뒤 취소하고 환불하세요.</translation>
    </message>
    <message>
        <source>There is no payment %1: take the payment again.</source>
        <translation>결제 %1이(가) 없습니다. 다시 결제하세요.</translation>
    </message>
    <message>
        <source>Payment %1 is not this booking&apos;s: take the payment again.</source>
        <translation>결제 %1은(는) 이 예매의 결제가 아닙니다. 다시 결제하세요.</translation>
    </message>
    <message>
        <source>Payment %1 is %2: no money is taken yet.</source>
        <translation>결제 %1은(는) %2 상태입니다. 아직 돈을 받지 않았습니다.</translation>
    </message>
    <message>
        <source>Booking %1 cannot be confirmed while its payment %2 is being voided: wait for the result, then take the payment again.</source>
        <translation>예매 %1의 결제 %2이(가) 취소 처리 중이라 확정할 수 없습니다. 결과를 기다린 뒤 다시 결제하세요.</translation>
    </message>
    <message>
        <source>Booking %1 cannot be confirmed: its payment %2 is %3, not money taken. Take the payment again.</source>
        <translation>예매 %1을(를) 확정할 수 없습니다. 결제 %2은(는) %3 상태이며 돈을 받지 않았습니다. 다시 결제하세요.</translation>
    </message>
    <message>
        <source>Payment %1 is for %2 %3, but the seats cost %4 %5: take the payment again.</source>
        <translation>결제 %1은(는) %2 %3인데 좌석 금액은 %4 %5입니다. 다시 결제하세요.</translation>
    </message>
    <message>
        <source>A kiosk confirms a sale only on its card payment, with the money taken.</source>
        <translation>키오스크는 돈을 받은 카드 결제로만 판매를 확정합니다.</translation>
    </message>
    <message>
        <source>A sale of %1 %2 is confirmed only on its payment, with the money taken: take the payment first.</source>
        <translation>%1 %2의 판매는 돈을 받은 결제로만 확정됩니다. 먼저 결제하세요.</translation>
    </message>
    <message>
        <source>Cash is taken only at a staffed till.</source>
        <translation>현금은 직원이 있는 매표소에서만 받습니다.</translation>
    </message>
    <message>
        <source>Booking %1 is %2, not waiting for its payment.</source>
        <translation>예매 %1은(는) %2 상태이며 결제를 기다리고 있지 않습니다.</translation>
    </message>
    <message>
        <source>Booking %1 has a payment still open (%2, %3): settle it before taking another.</source>
        <translation>예매 %1에 아직 끝나지 않은 결제가 있습니다(%2, %3). 다른 결제를 받기 전에 먼저 정리하세요.</translation>
    </message>
    <message>
        <source>There is no payment %1.</source>
        <translation>결제 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>Payment %1 is %2, not %3: read it again.</source>
        <translation>결제 %1은(는) %3이(가) 아니라 %2 상태입니다. 다시 조회하세요.</translation>
    </message>
    <message>
        <source>Booking %1 is %2: its payment is not taken.</source>
        <translation>예매 %1은(는) %2 상태이므로 결제를 받지 않습니다.</translation>
    </message>
    <message>
        <source>Booking %1 is confirmed: its payment is not given back; refund the booking instead.</source>
        <translation>예매 %1은(는) 확정되었으므로 결제를 돌려주지 않습니다. 대신 예매를 환불하세요.</translation>
    </message>
    <message>
        <source>Booking %1 is %2: its money goes back through a refund of the booking.</source>
        <translation>예매 %1은(는) %2 상태입니다. 돈은 예매 환불로 돌려줍니다.</translation>
    </message>
    <message>
        <source>Payment %1 backs an exchange or a refund: its money goes back through refunds of the bookings it backs.</source>
        <translation>결제 %1은(는) 교환이나 환불에 쓰였습니다. 돈은 해당 예매들의 환불로 돌려줍니다.</translation>
    </message>
    <message>
        <source>Payment %1 was taken in a shift that is closed: give the cash back as a refund at a till.</source>
        <translation>결제 %1은(는) 마감된 근무에서 받았습니다. 매표소에서 환불로 현금을 돌려주세요.</translation>
    </message>
    <message>
        <source>Only the payment service records what the card&apos;s gateway answered (%1 to %2).</source>
        <translation>카드 결제 대행사의 응답은 결제 서비스만 기록합니다(%1 → %2).</translation>
    </message>
    <message>
        <source>The payment service takes no cash.</source>
        <translation>결제 서비스는 현금을 받지 않습니다.</translation>
    </message>
    <message>
        <source>Payment %1 is already %2.</source>
        <translation>결제 %1은(는) 이미 %2 상태입니다.</translation>
    </message>
    <message>
        <source>There is no ticket key %1.</source>
        <translation>티켓 키 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>Booking %1 is %2: no ticket is issued for it.</source>
        <translation>예매 %1은(는) %2 상태이므로 티켓을 발행하지 않습니다.</translation>
    </message>
    <message>
        <source>Ticket %1 is not waiting for its signature, or key %2 cannot sign it.</source>
        <translation>티켓 %1은(는) 서명을 기다리고 있지 않거나 키 %2(으)로 서명할 수 없습니다.</translation>
    </message>
    <message>
        <source>Ticket key %1 belongs to another till.</source>
        <translation>티켓 키 %1은(는) 다른 매표소의 키입니다.</translation>
    </message>
    <message>
        <source>This till already has ticket key %1; a manager retires it before another is enrolled.</source>
        <translation>이 매표소에는 이미 티켓 키 %1이(가) 있습니다. 다른 키를 등록하기 전에 관리자가 폐기해야 합니다.</translation>
    </message>
    <message>
        <source>No till key %1 is waiting or approved (unknown, retired, or a shared key).</source>
        <translation>대기 중이거나 승인된 매표소 키 %1이(가) 없습니다(알 수 없는 키, 폐기된 키 또는 공용 키).</translation>
    </message>
    <message>
        <source>Ticket key %1 is not a live key of this till.</source>
        <translation>티켓 키 %1은(는) 이 매표소의 사용 중인 키가 아닙니다.</translation>
    </message>
    <message>
        <source>Ticket key %1 waits for a manager&apos;s approval (boxoffice-admin ticket-keys --approve %1).</source>
        <translation>티켓 키 %1은(는) 관리자 승인을 기다리고 있습니다(boxoffice-admin ticket-keys --approve %1).</translation>
    </message>
    <message>
        <source>Booking %1 was not sold at this till: a manager issues its tickets.</source>
        <translation>예매 %1은(는) 이 매표소에서 판매되지 않았습니다. 티켓은 관리자가 발행합니다.</translation>
    </message>
    <message>
        <source>The tickets of booking %1 were issued already: print them again, or a manager reprints them.</source>
        <translation>예매 %1의 티켓은 이미 발행되었습니다. 다시 인쇄하거나 관리자가 재발행하세요.</translation>
    </message>
    <message>
        <source>Ticket %1 is not waiting for this till&apos;s signature.</source>
        <translation>티켓 %1은(는) 이 매표소의 서명을 기다리고 있지 않습니다.</translation>
    </message>
    <message>
        <source>There is no help call %1.</source>
        <translation>도움 요청 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>Hall &quot;%1&quot; exists already; replace its layout to change it.</source>
        <translation>상영관 &quot;%1&quot;은(는) 이미 있습니다. 바꾸려면 배치를 교체하세요.</translation>
    </message>
    <message>
        <source>There is no price list &quot;%1&quot;.</source>
        <translation>요금표 &quot;%1&quot;이(가) 없습니다.</translation>
    </message>
    <message>
        <source>The hall is busy then: it overlaps showtime %1.</source>
        <translation>그 시간에는 상영관이 사용 중입니다. 상영 %1과(와) 겹칩니다.</translation>
    </message>
    <message>
        <source>A showtime of the pattern overlaps one just added.</source>
        <translation>패턴의 상영 하나가 방금 추가한 상영과 겹칩니다.</translation>
    </message>
    <message>
        <source>Film %1 has that title and format already.</source>
        <translation>영화 %1이(가) 이미 그 제목과 포맷을 쓰고 있습니다.</translation>
    </message>
    <message>
        <source>Showtime %1 has sales: its prices stay.</source>
        <translation>상영 %1은(는) 판매 내역이 있어 요금을 바꿀 수 없습니다.</translation>
    </message>
    <message>
        <source>Showtime %1 is cancelled.</source>
        <translation>상영 %1은(는) 취소되었습니다.</translation>
    </message>
    <message>
        <source>Film %1 (%2) is retired: bring it back before giving it showtimes.</source>
        <translation>영화 %1(%2)은(는) 종료되었습니다. 상영을 추가하기 전에 다시 활성화하세요.</translation>
    </message>
    <message>
        <source>A member of staff is already called %1.</source>
        <translation>이미 %1(이)라는 직원이 있습니다.</translation>
    </message>
    <message>
        <source>There is no active member of staff %1.</source>
        <translation>활성 직원 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>That PIN attempt is gone: type the PIN again.</source>
        <translation>그 PIN 입력은 만료되었습니다. PIN을 다시 입력하세요.</translation>
    </message>
    <message>
        <source>Unlocking a member of staff needs a supervisor&apos;s PIN.</source>
        <translation>직원 잠금을 풀려면 관리자 PIN이 필요합니다.</translation>
    </message>
    <message>
        <source>Nobody unlocks themselves.</source>
        <translation>자기 자신의 잠금은 풀 수 없습니다.</translation>
    </message>
    <message>
        <source>There is no member of staff %1.</source>
        <translation>직원 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>Nobody is signed in at this till.</source>
        <translation>이 매표소에 로그인한 직원이 없습니다.</translation>
    </message>
    <message>
        <source>The till is locked: sign in again first.</source>
        <translation>매표소가 잠겨 있습니다. 먼저 다시 로그인하세요.</translation>
    </message>
    <message>
        <source>This till&apos;s shift %1 is open since %2: close it first.</source>
        <translation>이 매표소의 근무 %1이(가) %2부터 열려 있습니다. 먼저 마감하세요.</translation>
    </message>
    <message>
        <source>The drawer does not hold that much cash.</source>
        <translation>돈통에 그만큼의 현금이 없습니다.</translation>
    </message>
    <message>
        <source>A cash sale of this shift is still being completed: finish it, then close the shift.</source>
        <translation>이 근무의 현금 판매가 아직 진행 중입니다. 끝낸 뒤 근무를 마감하세요.</translation>
    </message>
    <message>
        <source>There is no shift %1.</source>
        <translation>근무 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>Booking %1 is still being paid: wait for the capture&apos;s result, then refund.</source>
        <translation>예매 %1은(는) 아직 결제 중입니다. 승인 결과를 기다린 뒤 환불하세요.</translation>
    </message>
    <message>
        <source>The drawer does not hold %1 for this refund.</source>
        <translation>돈통에 이 환불에 필요한 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>Booking %1 is %2: there is nothing to refund.</source>
        <translation>예매 %1은(는) %2 상태이므로 환불할 것이 없습니다.</translation>
    </message>
    <message>
        <source>Seat %1 of booking %2 is refunded already.</source>
        <translation>예매 %2의 좌석 %1은(는) 이미 환불되었습니다.</translation>
    </message>
    <message>
        <source>A batch of refunds is a manager&apos;s to run.</source>
        <translation>일괄 환불은 관리자만 실행할 수 있습니다.</translation>
    </message>
    <message>
        <source>Staff member %1 cannot approve this: only an active supervisor or manager can.</source>
        <translation>직원 %1은(는) 승인할 수 없습니다. 활성 상태의 책임자나 관리자만 승인할 수 있습니다.</translation>
    </message>
    <message>
        <source>The approval of staff member %1 is not from this till in the last two minutes: ask for the PIN again.</source>
        <translation>직원 %1의 승인이 최근 2분 안에 이 매표소에서 이루어지지 않았습니다. PIN을 다시 요청하세요.</translation>
    </message>
    <message>
        <source>Refunding %1 of booking %2 needs a supervisor&apos;s approval.</source>
        <translation>예매 %2의 %1 환불에는 책임자 승인이 필요합니다.</translation>
    </message>
    <message>
        <source>There is no refund %1.</source>
        <translation>환불 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <source>Only the payment service records what the gateway answered to card refund %1.</source>
        <translation>카드 환불 %1에 대한 결제 대행사의 응답은 결제 서비스만 기록합니다.</translation>
    </message>
    <message>
        <source>Refund %1 is %2 already.</source>
        <translation>환불 %1은(는) 이미 %2 상태입니다.</translation>
    </message>
    <message>
        <source>Exchanging booking %1 needs a supervisor&apos;s approval.</source>
        <translation>예매 %1의 교환에는 책임자 승인이 필요합니다.</translation>
    </message>
    <message>
        <source>The difference of %1 is settled in cash at this till: open a shift first.</source>
        <translation>차액 %1은(는) 이 매표소에서 현금으로 정산합니다. 먼저 근무를 여세요.</translation>
    </message>
    <message>
        <source>Terminal %1 belongs to another login: a terminal acts only for itself.</source>
        <translation>단말기 %1은(는) 다른 로그인의 단말기입니다. 단말기는 자기 자신으로만 동작합니다.</translation>
    </message>
</context>
<context>
    <name>bo::ReportBuilder</name>
    <message>
        <source>Time</source>
        <translation>시간</translation>
    </message>
    <message>
        <source>Bookings</source>
        <translation>예매</translation>
    </message>
    <message>
        <source>Sales</source>
        <translation>판매</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>좌석</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>금액</translation>
    </message>
    <message>
        <source>(no member: kiosk or CLI)</source>
        <translation>(직원 없음: 키오스크 또는 CLI)</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>카드</translation>
    </message>
    <message>
        <source>Cash</source>
        <translation>현금</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>합계</translation>
    </message>
    <message>
        <source>No payment</source>
        <translation>결제 없음</translation>
    </message>
    <message>
        <source>Day report</source>
        <translation>일일 보고서</translation>
    </message>
    <message>
        <source>Z report, shift %1</source>
        <translation>Z 리포트, 근무 %1</translation>
    </message>
    <message>
        <source>X report, shift %1 (open)</source>
        <translation>X 리포트, 근무 %1(진행 중)</translation>
    </message>
    <message>
        <source>%1, %2 to %3</source>
        <translation>%1, %2~%3</translation>
    </message>
    <message>
        <source>now</source>
        <translation>현재</translation>
    </message>
    <message>
        <source>Showtime report, showtime %1</source>
        <translation>상영 보고서, 상영 %1</translation>
    </message>
    <message>
        <source>%1, %2, %3</source>
        <translation>%1, %2, %3</translation>
    </message>
    <message>
        <source>Sales by payment method</source>
        <translation>결제 수단별 매출</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>수단</translation>
    </message>
    <message>
        <source>Takings</source>
        <translation>매출액</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>항목</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>건수</translation>
    </message>
    <message>
        <source>Gross sales (payments taken)</source>
        <translation>총매출(받은 결제)</translation>
    </message>
    <message>
        <source>Refunds (card and cash)</source>
        <translation>환불(카드·현금)</translation>
    </message>
    <message>
        <source>Net takings</source>
        <translation>순매출</translation>
    </message>
    <message>
        <source>Refunds without a payment (no money moved)</source>
        <translation>결제 없는 환불(돈 이동 없음)</translation>
    </message>
    <message>
        <source>Voided payments (never taken)</source>
        <translation>취소된 결제(받지 않음)</translation>
    </message>
    <message>
        <source>Sales by ticket type</source>
        <translation>권종별 매출</translation>
    </message>
    <message>
        <source>Ticket type</source>
        <translation>권종</translation>
    </message>
    <message>
        <source>Sales by film</source>
        <translation>영화별 매출</translation>
    </message>
    <message>
        <source>Film</source>
        <translation>영화</translation>
    </message>
    <message>
        <source>Sales by showtime</source>
        <translation>상영별 매출</translation>
    </message>
    <message>
        <source>Showtime</source>
        <translation>상영</translation>
    </message>
    <message>
        <source>Sales by hour</source>
        <translation>시간대별 매출</translation>
    </message>
    <message>
        <source>Hour</source>
        <translation>시간</translation>
    </message>
    <message>
        <source>Sales by till</source>
        <translation>계산대별 매출</translation>
    </message>
    <message>
        <source>Till</source>
        <translation>계산대</translation>
    </message>
    <message>
        <source>Refunds and voids</source>
        <translation>환불 및 결제 취소</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>종류</translation>
    </message>
    <message>
        <source>Void</source>
        <translation>결제 취소</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>환불</translation>
    </message>
    <message>
        <source>Occupancy per showtime</source>
        <translation>상영별 좌석 점유율</translation>
    </message>
    <message>
        <source>Hall</source>
        <translation>상영관</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>판매</translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation>점유율</translation>
    </message>
    <message>
        <source>Occupancy per hall</source>
        <translation>상영관별 좌석 점유율</translation>
    </message>
    <message>
        <source>Showtimes</source>
        <translation>상영</translation>
    </message>
    <message>
        <source>Cash drawers</source>
        <translation>금전함</translation>
    </message>
    <message>
        <source>Shift</source>
        <translation>근무</translation>
    </message>
    <message>
        <source>Opened by</source>
        <translation>시작한 직원</translation>
    </message>
    <message>
        <source>Float</source>
        <translation>시재금</translation>
    </message>
    <message>
        <source>Cash taken</source>
        <translation>받은 현금</translation>
    </message>
    <message>
        <source>Cash refunded</source>
        <translation>환불한 현금</translation>
    </message>
    <message>
        <source>Pay-ins</source>
        <translation>입금</translation>
    </message>
    <message>
        <source>Pay-outs</source>
        <translation>출금</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>예상</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>센 금액</translation>
    </message>
    <message>
        <source>Over/short</source>
        <translation>초과/부족</translation>
    </message>
    <message>
        <source>Staff activity</source>
        <translation>직원 활동</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>직원</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>역할</translation>
    </message>
    <message>
        <source>Taken</source>
        <translation>받은 금액</translation>
    </message>
    <message>
        <source>Refunds</source>
        <translation>환불</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>환불액</translation>
    </message>
    <message>
        <source>Approvals</source>
        <translation>승인</translation>
    </message>
    <message>
        <source>Sign-ins</source>
        <translation>로그인</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1(%2)</translation>
    </message>
    <message>
        <source>The report&apos;s sections do not add up: not printed.</source>
        <translation>보고서의 항목 합계가 맞지 않아 출력하지 않았습니다.</translation>
    </message>
</context>
<context>
    <name>bo::ReportFormat</name>
    <message>
        <source>Printed %1 by %2
</source>
        <translation>%1에 %2이(가) 출력
</translation>
    </message>
    <message>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <source>Audit log head: position %1, SHA-256 %2
</source>
        <translation>감사 로그 헤드: 위치 %1, SHA-256 %2
</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>보고서</translation>
    </message>
    <message>
        <source>Cinema</source>
        <translation>극장</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>기간</translation>
    </message>
    <message>
        <source>Printed at</source>
        <translation>출력 시각</translation>
    </message>
    <message>
        <source>Printed by</source>
        <translation>출력한 사람</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>통화</translation>
    </message>
    <message>
        <source>Audit log head</source>
        <translation>감사 로그 헤드</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>항목</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1에 쓸 수 없습니다: %2</translation>
    </message>
</context>
<context>
    <name>bo::ReportScreen</name>
    <message>
        <source>Reports</source>
        <translation>보고서</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>보고서</translation>
    </message>
    <message>
        <source>Day</source>
        <translation>일</translation>
    </message>
    <message>
        <source>Shift</source>
        <translation>근무</translation>
    </message>
    <message>
        <source>Showtime</source>
        <translation>상영</translation>
    </message>
    <message>
        <source>Shift or showtime number</source>
        <translation>근무 또는 상영 번호</translation>
    </message>
    <message>
        <source>&amp;Show</source>
        <translation>보기(&amp;S)</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>CSV 내보내기(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Print PDF…</source>
        <translation>PDF 출력(&amp;P)…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Gross %1 · Refunds %2 · Net %3 · Voided %4</source>
        <translation>총매출 %1 · 환불 %2 · 순매출 %3 · 결제 취소 %4</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>차트</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>%1에 저장했습니다.</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>CSV 내보내기</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 파일 (*.csv)</translation>
    </message>
    <message>
        <source>Print PDF</source>
        <translation>PDF 출력</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 파일 (*.pdf)</translation>
    </message>
    <message>
        <source>Reading the report…</source>
        <translation>보고서를 읽는 중…</translation>
    </message>
</context>
<context>
    <name>bo::SaleDonePanel</name>
    <message>
        <source>Seats: %1
Total: %2</source>
        <translation>좌석: %1
합계: %2</translation>
    </message>
    <message>
        <source>Change due: %1</source>
        <translation>거스름돈: %1</translation>
    </message>
    <message>
        <source>Booked. Booking code:</source>
        <translation>예매 완료. 예매번호:</translation>
    </message>
    <message>
        <source>Next customer (Enter)</source>
        <translation>다음 고객 (Enter)</translation>
    </message>
    <message>
        <source>Print the tickets? Press Print tickets (P), or go on to the next customer.</source>
        <translation>티켓을 인쇄할까요? 티켓 인쇄(P)를 누르거나 다음 고객으로 넘어가세요.</translation>
    </message>
    <message>
        <source>Printing the tickets…</source>
        <translation>티켓을 인쇄하는 중…</translation>
    </message>
    <message>
        <source>The tickets were not printed: %1
The sale stands: booking %2 is paid and confirmed. To print its tickets, press Print again (P) here, or later Tickets → Print a booking&apos;s tickets… (Ctrl+P) with code %2.</source>
        <translation>티켓을 인쇄하지 못했습니다: %1
판매는 그대로 유효합니다: 예매 %2은(는) 결제되고 확정되었습니다. 티켓을 인쇄하려면 여기서 다시 인쇄(P)를 누르거나, 나중에 티켓 → 예매 티켓 인쇄…(Ctrl+P)에서 예매번호 %2을(를) 입력하세요.</translation>
    </message>
    <message>
        <source>Print again (P)</source>
        <translation>다시 인쇄 (P)</translation>
    </message>
    <message>
        <source>Print tickets (P)</source>
        <translation>티켓 인쇄 (P)</translation>
    </message>
    <message>
        <source>Tickets saved as a PDF: %1</source>
        <translation>티켓을 PDF로 저장했습니다: %1</translation>
    </message>
    <message>
        <source>Tickets printed on %1.</source>
        <translation>티켓을 %1에 인쇄했습니다.</translation>
    </message>
</context>
<context>
    <name>bo::SaleFlow</name>
    <message>
        <source>The amount tendered is less than the total.</source>
        <translation>받은 금액이 합계 금액보다 적습니다.</translation>
    </message>
    <message>
        <source>The database cannot be reached; nothing was changed.</source>
        <translation>데이터베이스에 연결할 수 없습니다. 변경된 내용은 없습니다.</translation>
    </message>
    <message>
        <source>Time ran out and the seats were released.</source>
        <translation>시간이 초과되어 좌석 선점이 해제되었습니다.</translation>
    </message>
    <message>
        <source>The sale was cancelled and the seats were released.</source>
        <translation>판매가 취소되어 좌석 선점이 해제되었습니다.</translation>
    </message>
    <message>
        <source>The database cannot be reached; the seats will be released when it is back.</source>
        <translation>데이터베이스에 연결할 수 없습니다. 연결이 복구되면 좌석 선점이 해제됩니다.</translation>
    </message>
    <message>
        <source>The time for this sale is up and its seats were released.</source>
        <translation>이 판매의 시간이 끝나 좌석 선점이 해제되었습니다.</translation>
    </message>
    <message>
        <source>No card payment service is set up at this till.</source>
        <translation>이 단말기에는 카드 결제 서비스가 설정되어 있지 않습니다.</translation>
    </message>
    <message>
        <source>The seats were lost before the sale was confirmed; hand the cash back.</source>
        <translation>판매가 확정되기 전에 좌석을 잃었습니다. 현금을 돌려주세요.</translation>
    </message>
    <message>
        <source>The seats were lost before the sale was confirmed; the card payment was voided.</source>
        <translation>판매가 확정되기 전에 좌석을 잃었습니다. 카드 결제는 승인 취소되었습니다.</translation>
    </message>
</context>
<context>
    <name>bo::SalePage</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>Card payment failed: %1 Try again or take cash.</source>
        <translation>카드 결제 실패: %1 다시 시도하거나 현금으로 받으세요.</translation>
    </message>
    <message>
        <source>%1 — less than a minute left!</source>
        <translation>%1 — 1분도 남지 않았습니다!</translation>
    </message>
    <message>
        <source>Payment %1</source>
        <translation>결제 %1</translation>
    </message>
    <message>
        <source>Seats held %1</source>
        <translation>좌석 선점 %1</translation>
    </message>
    <message>
        <source>Your other seats are still held.</source>
        <translation>나머지 선택한 좌석은 그대로 유지됩니다.</translation>
    </message>
    <message>
        <source>Nearest free block: %1 (press S).</source>
        <translation>가장 가까운 연속 빈 좌석: %1 (S 키).</translation>
    </message>
    <message>
        <source>No seats held yet</source>
        <translation>선점한 좌석 없음</translation>
    </message>
    <message numerus="yes">
        <source>%1 was just sold.</source>
        <comment>seats sold by another till</comment>
        <translation>
            <numerusform>%1 좌석은 방금 판매 완료되었습니다.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 is held by another till.</source>
        <comment>seats held by another sale</comment>
        <translation>
            <numerusform>%1 좌석은 다른 단말기에서 선택 중입니다.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 is blocked.</source>
        <comment>seats blocked by a manager</comment>
        <translation>
            <numerusform>%1 좌석은 판매 불가 좌석입니다.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 is being changed elsewhere right now; the map is being read again.</source>
        <comment>seats another transaction had locked: state unknown</comment>
        <translation>
            <numerusform>%1 좌석은 지금 다른 곳에서 변경 중입니다. 좌석 배치도를 다시 불러옵니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>Recording the payment…</source>
        <translation>결제를 기록하는 중…</translation>
    </message>
    <message>
        <source>Waiting for the card terminal…</source>
        <translation>카드 단말기를 기다리는 중…</translation>
    </message>
    <message>
        <source>Checking the payment with the card service…</source>
        <translation>카드 서비스에 결제를 조회하는 중…</translation>
    </message>
    <message>
        <source>Booking the seats…</source>
        <translation>좌석을 예매하는 중…</translation>
    </message>
    <message>
        <source>Booked. Taking the payment…</source>
        <translation>예매되었습니다. 결제를 받는 중…</translation>
    </message>
    <message>
        <source>The seats could not be booked. Giving the card payment back…</source>
        <translation>좌석을 예매할 수 없었습니다. 카드 결제를 되돌리는 중…</translation>
    </message>
</context>
<context>
    <name>bo::SalePaymentPanel</name>
    <message>
        <source>F%1 All %2</source>
        <translation>F%1 전체 %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Total %1</source>
        <translation>합계 %1</translation>
    </message>
    <message>
        <source>Change: %1</source>
        <translation>거스름돈: %1</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>좌석</translation>
    </message>
    <message>
        <source>Ticket type</source>
        <translation>권종</translation>
    </message>
    <message>
        <source>Cash tendered:</source>
        <translation>받은 금액:</translation>
    </message>
    <message>
        <source>empty = exact amount</source>
        <translation>비워 두면 결제 금액과 동일</translation>
    </message>
    <message>
        <source>Cash (Enter)</source>
        <translation>현금 (Enter)</translation>
    </message>
    <message>
        <source>Card (F9)</source>
        <translation>카드 (F9)</translation>
    </message>
    <message>
        <source>Cancel sale (Esc)</source>
        <translation>판매 취소 (Esc)</translation>
    </message>
    <message>
        <source>%1 (seat +%2)</source>
        <translation>%1 (좌석 +%2)</translation>
    </message>
</context>
<context>
    <name>bo::SaleRules</name>
    <message>
        <source>At most %1 seats can be sold at once.</source>
        <translation>한 번에 최대 %1석까지 판매할 수 있습니다.</translation>
    </message>
    <message>
        <source>No seats were given.</source>
        <translation>지정된 좌석이 없습니다.</translation>
    </message>
    <message>
        <source>The same seat is listed more than once.</source>
        <translation>같은 좌석이 두 번 이상 지정되었습니다.</translation>
    </message>
    <message>
        <source>%1 seats requested; at most %2 can be sold at once.</source>
        <translation>%1석을 요청했지만 한 번에 최대 %2석까지 판매할 수 있습니다.</translation>
    </message>
</context>
<context>
    <name>bo::SaleSelectionPanel</name>
    <message>
        <source>Take %1 (S)</source>
        <translation>%1 선택 (S)</translation>
    </message>
    <message>
        <source>Click seats on the map, or press 1–9 for the best seats together.</source>
        <translation>좌석 배치도에서 좌석을 클릭하거나, 1–9를 눌러 연속된 최적 좌석을 선택하세요.</translation>
    </message>
    <message>
        <source>Selected seats</source>
        <translation>선택한 좌석</translation>
    </message>
    <message>
        <source>Keys: 1–9 best seats together · arrows + Space pick a seat · +/− zoom · Esc cancel</source>
        <translation>단축키: 1–9 연속 최적 좌석 · 화살표 + Space 좌석 선택 · +/− 확대/축소 · Esc 취소</translation>
    </message>
    <message>
        <source>To payment (Enter)</source>
        <translation>결제하기 (Enter)</translation>
    </message>
    <message>
        <source>Cancel sale (Esc)</source>
        <translation>판매 취소 (Esc)</translation>
    </message>
</context>
<context>
    <name>bo::SalesLinesView</name>
    <message>
        <source>Sales by payment method</source>
        <translation>결제 수단별 매출</translation>
    </message>
    <message>
        <source>Sales by ticket type</source>
        <translation>권종별 매출</translation>
    </message>
    <message>
        <source>Refunds</source>
        <translation>환불</translation>
    </message>
    <message>
        <source>Voided payments</source>
        <translation>취소된 결제</translation>
    </message>
    <message>
        <source>Net takings</source>
        <translation>순매출</translation>
    </message>
    <message>
        <source>Cash drawer</source>
        <translation>금전함</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>카드</translation>
    </message>
    <message>
        <source>Cash</source>
        <translation>현금</translation>
    </message>
    <message>
        <source>No payment</source>
        <translation>결제 없음</translation>
    </message>
    <message>
        <source>Taken less refunded</source>
        <translation>받은 금액 - 환불</translation>
    </message>
    <message>
        <source>Float</source>
        <translation>시재금</translation>
    </message>
    <message>
        <source>Cash taken</source>
        <translation>받은 현금</translation>
    </message>
    <message>
        <source>Cash refunded</source>
        <translation>환불한 현금</translation>
    </message>
    <message>
        <source>Pay-ins</source>
        <translation>입금</translation>
    </message>
    <message>
        <source>Pay-outs</source>
        <translation>출금</translation>
    </message>
    <message>
        <source>Expected in the drawer</source>
        <translation>금전함 예상 금액</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>센 금액</translation>
    </message>
    <message>
        <source>Over (+) / short (−)</source>
        <translation>초과(+) / 부족(−)</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>항목</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>건수</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>금액</translation>
    </message>
</context>
<context>
    <name>bo::SeatBlockList</name>
    <message>
        <source>standard</source>
        <translation>일반석</translation>
    </message>
    <message>
        <source>premium</source>
        <translation>프리미엄석</translation>
    </message>
    <message>
        <source>couple seat</source>
        <translation>커플석</translation>
    </message>
    <message>
        <source>wheelchair space</source>
        <translation>휠체어석</translation>
    </message>
    <message>
        <source>companion seat</source>
        <translation>동반석</translation>
    </message>
    <message>
        <source>Row %1</source>
        <translation>%1열</translation>
    </message>
    <message>
        <source>aisle</source>
        <translation>통로</translation>
    </message>
    <message>
        <source>seat %1</source>
        <translation>%1번 좌석</translation>
    </message>
    <message>
        <source>seats %1 to %2</source>
        <translation>%1번부터 %2번 좌석</translation>
    </message>
    <message>
        <source>free</source>
        <translation>예매 가능</translation>
    </message>
    <message>
        <source>, </source>
        <comment>separator of the spoken seat description</comment>
        <translation>, </translation>
    </message>
</context>
<context>
    <name>bo::SeatBlockListView</name>
    <message>
        <source>Seats together, best first</source>
        <translation>나란히 앉는 좌석, 좋은 자리 순</translation>
    </message>
    <message>
        <source>Up and down move through the blocks of seats; OK chooses one.</source>
        <translation>위아래 키로 좌석 묶음을 고르고 확인 키로 선택합니다.</translation>
    </message>
</context>
<context>
    <name>bo::SeatBlocking</name>
    <message>
        <source>Say why the seats are blocked (--reason).</source>
        <translation>좌석을 판매 불가로 지정하는 사유를 입력하세요(--reason).</translation>
    </message>
    <message>
        <source>A reason has at most %1 characters, not %2.</source>
        <translation>사유는 최대 %1자입니다(현재 %2자).</translation>
    </message>
    <message>
        <source>A reason is one line without control characters.</source>
        <translation>사유는 제어 문자 없이 한 줄이어야 합니다.</translation>
    </message>
</context>
<context>
    <name>bo::SeatChoice</name>
    <message>
        <source>Seat %1 is not available.</source>
        <translation>%1 좌석은 선택할 수 없습니다.</translation>
    </message>
    <message>
        <source>There are no %1 seats together any more.</source>
        <translation>더 이상 연속된 %1석이 없습니다.</translation>
    </message>
</context>
<context>
    <name>bo::SeatLegendWidget</name>
    <message>
        <source>Status</source>
        <translation>좌석 상태</translation>
    </message>
    <message>
        <source>Seat types</source>
        <translation>좌석 유형</translation>
    </message>
    <message>
        <source>Seat map legend</source>
        <translation>좌석 배치도 범례</translation>
    </message>
</context>
<context>
    <name>bo::SeatMapWidget</name>
    <message>
        <source>Seat map</source>
        <translation>좌석 배치도</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>선택 가능</translation>
    </message>
    <message>
        <source>Selected for this sale</source>
        <translation>선택한 좌석</translation>
    </message>
    <message>
        <source>Held at another terminal</source>
        <translation>다른 단말기에서 선택 중</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>판매 완료</translation>
    </message>
    <message>
        <source>Not for sale</source>
        <translation>판매 불가</translation>
    </message>
    <message>
        <source>Standard seat</source>
        <translation>일반석</translation>
    </message>
    <message>
        <source>Premium seat</source>
        <translation>프리미엄석</translation>
    </message>
    <message>
        <source>Couple seat (sold in pairs)</source>
        <translation>커플석 (2석 단위 판매)</translation>
    </message>
    <message>
        <source>Wheelchair space</source>
        <translation>휠체어석</translation>
    </message>
    <message>
        <source>Companion seat</source>
        <translation>동반석</translation>
    </message>
    <message>
        <source>No seats to show</source>
        <translation>표시할 좌석이 없습니다</translation>
    </message>
    <message>
        <source>Seat %1
%2 · %3</source>
        <translation>좌석 %1
%2 · %3</translation>
    </message>
    <message>
        <source>SCREEN</source>
        <translation>스크린</translation>
    </message>
</context>
<context>
    <name>bo::ShowtimeBoard</name>
    <message>
        <source>Showtimes</source>
        <translation>상영시간표</translation>
    </message>
    <message>
        <source>◀ Previous day (PgUp)</source>
        <translation>◀ 이전 날짜 (PgUp)</translation>
    </message>
    <message>
        <source>Next day (PgDn) ▶</source>
        <translation>다음 날짜 (PgDn) ▶</translation>
    </message>
    <message>
        <source>Sell next showtime (N)</source>
        <translation>다음 상영 판매 (N)</translation>
    </message>
</context>
<context>
    <name>bo::ShowtimeListModel</name>
    <message>
        <source>cancelled</source>
        <translation>상영 취소</translation>
    </message>
    <message>
        <source>SOLD OUT</source>
        <translation>매진</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1, %2 min, rated %3</source>
        <translation>%1, %2분, 관람등급 %3</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>시간</translation>
    </message>
    <message>
        <source>Hall</source>
        <translation>관</translation>
    </message>
    <message>
        <source>Film</source>
        <translation>영화</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>관람등급</translation>
    </message>
    <message>
        <source>Seats left</source>
        <translation>잔여석</translation>
    </message>
    <message>
        <source>%1 / %2, %3 waiting</source>
        <translation>%1 / %2, 대기 %3명</translation>
    </message>
    <message>
        <source>on sale %1</source>
        <translation>%1 판매 시작</translation>
    </message>
</context>
<context>
    <name>bo::StaffSignIn</name>
    <message>
        <source>There is no member of staff number %1.</source>
        <translation>직원 번호 %1은(는) 없습니다.</translation>
    </message>
    <message>
        <source>%1 can no longer sign in: ask a manager.</source>
        <translation>%1 님은 더 이상 로그인할 수 없습니다. 관리자에게 문의하세요.</translation>
    </message>
    <message>
        <source>%1 is a %2: this needs a %3.</source>
        <translation>%1 님의 역할은 %2입니다. 이 작업에는 %3 역할이 필요합니다.</translation>
    </message>
    <message numerus="yes">
        <source>Wrong PIN for %1: %n more tries before the lock.</source>
        <translation>
            <numerusform>%1 님의 PIN이 틀렸습니다. %n번 더 틀리면 잠깁니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is locked after too many wrong PINs: a supervisor unlocks.</source>
        <translation>%1 님은 PIN을 여러 번 틀려 잠겼습니다. 책임자가 잠금을 풀 수 있습니다.</translation>
    </message>
    <message>
        <source>Staff number %1 was not locked.</source>
        <translation>직원 번호 %1은(는) 잠겨 있지 않았습니다.</translation>
    </message>
    <message>
        <source>A PIN is 4 to 12 digits.</source>
        <translation>PIN은 4~12자리 숫자입니다.</translation>
    </message>
    <message>
        <source>%1 has no PIN yet: a manager sets one.</source>
        <translation>%1에게는 아직 PIN이 없습니다: 관리자가 설정합니다.</translation>
    </message>
</context>
<context>
    <name>bo::StaffSignInWidget</name>
    <message>
        <source>Pick your name or type your staff number first.</source>
        <translation>먼저 이름을 고르거나 직원 번호를 입력하세요.</translation>
    </message>
    <message>
        <source>A PIN is 4 to 12 digits.</source>
        <translation>PIN은 4~12자리 숫자입니다.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>확인 중…</translation>
    </message>
    <message>
        <source>%1 is unlocked: type your PIN.</source>
        <translation>%1 님의 잠금이 풀렸습니다. PIN을 입력하세요.</translation>
    </message>
    <message>
        <source>The staff list cannot be read: %1</source>
        <translation>직원 목록을 읽을 수 없습니다: %1</translation>
    </message>
    <message>
        <source>The PIN could not be checked: %1</source>
        <translation>PIN을 확인하지 못했습니다: %1</translation>
    </message>
    <message>
        <source>Staff &amp;number:</source>
        <translation>직원 번호(&amp;N):</translation>
    </message>
    <message>
        <source>Unlock with a supervisor</source>
        <translation>책임자가 잠금 해제</translation>
    </message>
    <message>
        <source>Cancel the unlock</source>
        <translation>잠금 해제 취소</translation>
    </message>
    <message>
        <source>Unlocking %1: a supervisor picks their name and types their PIN.</source>
        <translation>%1 님 잠금 해제: 책임자가 자기 이름을 고르고 PIN을 입력합니다.</translation>
    </message>
    <message>
        <source>Sign in: pick your name and type your PIN.</source>
        <translation>로그인: 이름을 고르고 PIN을 입력하세요.</translation>
    </message>
    <message>
        <source>A supervisor&apos;s number and PIN, please.</source>
        <translation>책임자의 직원 번호와 PIN을 입력하세요.</translation>
    </message>
    <message>
        <source>A manager&apos;s number and PIN, please.</source>
        <translation>관리자의 직원 번호와 PIN을 입력하세요.</translation>
    </message>
</context>
<context>
    <name>bo::SupervisorApproval</name>
    <message>
        <source>Supervisor&apos;s number:</source>
        <translation>책임자 번호:</translation>
    </message>
    <message>
        <source>Supervisor&apos;s PIN:</source>
        <translation>책임자 PIN:</translation>
    </message>
</context>
<context>
    <name>bo::TerminalIdentity</name>
    <message>
        <source>The folder %1 cannot be created.</source>
        <translation>폴더 %1을(를) 만들 수 없습니다.</translation>
    </message>
    <message>
        <source>The terminal name is empty.</source>
        <translation>단말기 이름이 비어 있습니다.</translation>
    </message>
    <message>
        <source>The terminal name is longer than %1 characters.</source>
        <translation>단말기 이름이 %1자를 넘습니다.</translation>
    </message>
    <message>
        <source>Terminal %1 is already running on this computer; give this one another name with --terminal.</source>
        <translation>단말기 %1이(가) 이 컴퓨터에서 이미 실행 중입니다. --terminal 옵션으로 다른 이름을 지정하세요.</translation>
    </message>
    <message>
        <source>%1 terminals already run on this computer.</source>
        <translation>이 컴퓨터에서 이미 단말기 %1대가 실행 중입니다.</translation>
    </message>
</context>
<context>
    <name>bo::TerminalStack</name>
    <message>
        <source>The payment service URL &apos;%1&apos; is not an http(s) URL.</source>
        <translation>결제 서비스 URL &apos;%1&apos;은(는) http(s) URL이 아닙니다.</translation>
    </message>
    <message>
        <source>Card payments go through the payment service: set payments/service_url (or --payment-service URL) to boxoffice-service&apos;s address (docs/PAYMENTS.md).</source>
        <translation>카드 결제는 결제 서비스를 거칩니다: payments/service_url(또는 --payment-service URL)을 boxoffice-service의 주소로 설정하세요(docs/PAYMENTS.md).</translation>
    </message>
</context>
<context>
    <name>bo::TicketLayoutBuilder</name>
    <message>
        <source>Premium seat</source>
        <translation>프리미엄석</translation>
    </message>
    <message>
        <source>Couple seat</source>
        <translation>커플석</translation>
    </message>
    <message>
        <source>Wheelchair space</source>
        <translation>휠체어석</translation>
    </message>
    <message>
        <source>Companion seat</source>
        <translation>동반석</translation>
    </message>
    <message>
        <source>%1 · Rated %2</source>
        <translation>%1 · 관람등급 %2</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>좌석 %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>REPRINT</source>
        <translation>재발행</translation>
    </message>
    <message>
        <source>Booking %1</source>
        <translation>예매 %1</translation>
    </message>
    <message>
        <source>Ticket No. %1</source>
        <translation>티켓 번호 %1</translation>
    </message>
    <message>
        <source>Sold %1 at %2</source>
        <translation>%1 %2에서 판매</translation>
    </message>
    <message>
        <source>(unknown terminal)</source>
        <translation>(알 수 없는 단말기)</translation>
    </message>
</context>
<context>
    <name>bo::TicketOutput</name>
    <message>
        <source>The setting printing/target names no ESC/POS device.</source>
        <translation>printing/target 설정에 ESC/POS 장치가 지정되어 있지 않습니다.</translation>
    </message>
    <message>
        <source>The setting printing/output is &apos;%1&apos;, not pdf, printer or escpos.</source>
        <translation>printing/output 설정이 &apos;%1&apos;입니다. pdf, printer, escpos 중 하나여야 합니다.</translation>
    </message>
</context>
<context>
    <name>bo::TicketRenderer</name>
    <message>
        <source>The PDF file %1 could not be written.</source>
        <translation>PDF 파일 %1을(를) 쓸 수 없습니다.</translation>
    </message>
</context>
<context>
    <name>bo::TicketTypes</name>
    <message>
        <source>Adult</source>
        <translation>일반</translation>
    </message>
    <message>
        <source>Teen</source>
        <translation>청소년</translation>
    </message>
    <message>
        <source>Child</source>
        <translation>어린이</translation>
    </message>
    <message>
        <source>Senior</source>
        <translation>경로</translation>
    </message>
</context>
<context>
    <name>bo::TillKeyFile</name>
    <message>
        <source>The folder of the till&apos;s ticket key %1 cannot be made.</source>
        <translation>단말기 티켓 키의 폴더 %1을(를) 만들 수 없습니다.</translation>
    </message>
    <message>
        <source>The till&apos;s ticket key %1 cannot be written.</source>
        <translation>단말기 티켓 키 %1을(를) 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>The till&apos;s ticket key %1 cannot be read.</source>
        <translation>단말기 티켓 키 %1을(를) 읽을 수 없습니다.</translation>
    </message>
    <message>
        <source>The till&apos;s ticket key %1 is damaged; move it away and start again.</source>
        <translation>단말기 티켓 키 %1이(가) 손상되었습니다. 다른 곳으로 옮긴 뒤 다시 시작하세요.</translation>
    </message>
    <message>
        <source>The till&apos;s retired ticket key %1 cannot be moved away.</source>
        <translation>폐기된 단말기 티켓 키 %1을(를) 옮길 수 없습니다.</translation>
    </message>
</context>
<context>
    <name>bo::TillMenu</name>
    <message>
        <source>Shift %1 open</source>
        <translation>근무 %1 진행 중</translation>
    </message>
    <message>
        <source>No shift open: cash needs one (Till &gt; Open shift)</source>
        <translation>진행 중인 근무 없음: 현금을 받으려면 근무를 시작하세요 (계산대 &gt; 근무 시작)</translation>
    </message>
    <message>
        <source>Shift %1 is open.</source>
        <translation>근무 %1이(가) 시작되었습니다.</translation>
    </message>
    <message>
        <source>The drawer move is recorded.</source>
        <translation>금전함 입출금이 기록되었습니다.</translation>
    </message>
    <message>
        <source>&amp;Till</source>
        <translation>계산대(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Open shift…</source>
        <translation>근무 시작(&amp;O)…</translation>
    </message>
    <message>
        <source>Pay &amp;in…</source>
        <translation>입금(&amp;I)…</translation>
    </message>
    <message>
        <source>Pay &amp;out…</source>
        <translation>출금(&amp;U)…</translation>
    </message>
    <message>
        <source>&amp;X report</source>
        <translation>X 리포트(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Close shift (count the drawer)…</source>
        <translation>근무 마감(금전함 세기)(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Refund…</source>
        <translation>환불(&amp;R)…</translation>
    </message>
    <message>
        <source>Till</source>
        <translation>계산대</translation>
    </message>
    <message>
        <source>Open the shift</source>
        <translation>근무 시작</translation>
    </message>
    <message>
        <source>Float counted into the drawer (%1):</source>
        <translation>금전함에 넣은 시재금(%1):</translation>
    </message>
    <message>
        <source>Pay in</source>
        <translation>입금</translation>
    </message>
    <message>
        <source>Pay out</source>
        <translation>출금</translation>
    </message>
    <message>
        <source>Amount (%1):</source>
        <translation>금액(%1):</translation>
    </message>
    <message>
        <source>X report: the shift so far</source>
        <translation>X 리포트: 지금까지의 근무</translation>
    </message>
    <message>
        <source>&amp;Exchange…</source>
        <translation>교환(&amp;E)…</translation>
    </message>
</context>
<context>
    <name>bo::TillTicketPrinter</name>
    <message>
        <source>Booking %1 has no tickets to print.</source>
        <translation>예매 %1에는 인쇄할 티켓이 없습니다.</translation>
    </message>
    <message>
        <source>Ticket %1 does not verify with the cinema&apos;s keys.</source>
        <translation>티켓 %1이(가) 영화관의 키로 검증되지 않습니다.</translation>
    </message>
    <message>
        <source>This till&apos;s ticket key %1 waits for a manager&apos;s approval (boxoffice-admin ticket-keys --approve %1).</source>
        <translation>이 단말기의 티켓 키 %1은(는) 관리자의 승인을 기다리고 있습니다(boxoffice-admin ticket-keys --approve %1).</translation>
    </message>
    <message>
        <source>The ticket folder %1 cannot be made.</source>
        <translation>티켓 폴더 %1을(를) 만들 수 없습니다.</translation>
    </message>
    <message>
        <source>Tickets %1</source>
        <translation>티켓 %1</translation>
    </message>
    <message>
        <source>The printer %1 is not there.</source>
        <translation>프린터 %1을(를) 찾을 수 없습니다.</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>(기본값)</translation>
    </message>
    <message>
        <source>The printer %1 refused the tickets.</source>
        <translation>프린터 %1이(가) 티켓 인쇄를 거부했습니다.</translation>
    </message>
    <message>
        <source>The ticket printer %1 cannot be written to.</source>
        <translation>티켓 프린터 %1에 쓸 수 없습니다.</translation>
    </message>
    <message>
        <source>PDF files in %1</source>
        <translation>%1의 PDF 파일</translation>
    </message>
    <message>
        <source>the default printer</source>
        <translation>기본 프린터</translation>
    </message>
    <message>
        <source>printer %1</source>
        <translation>프린터 %1</translation>
    </message>
    <message>
        <source>ticket printer %1</source>
        <translation>티켓 프린터 %1</translation>
    </message>
</context>
<context>
    <name>bo::UnresolvedPaymentsDialog</name>
    <message>
        <source>Reading the payments…</source>
        <translation>결제를 읽는 중…</translation>
    </message>
    <message>
        <source>Checking the payments with the payment service…</source>
        <translation>결제사에 결제를 확인하는 중…</translation>
    </message>
    <message>
        <source>Read at %1.</source>
        <translation>%1에 읽음.</translation>
    </message>
    <message numerus="yes">
        <source>%n payment(s) in doubt, read at %1.</source>
        <translation>
            <numerusform>확인이 필요한 결제 %n건, %1에 읽음.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1 (%2, %3)</translation>
    </message>
    <message>
        <source>%1: still %2 — %3</source>
        <translation>%1: 여전히 %2 — %3</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
    <message>
        <source>Nothing was due: no payment in doubt has been silent long enough for the reconciler.</source>
        <translation>처리할 결제가 없습니다: 정산 처리 대기 시간을 넘긴 결제가 없습니다.</translation>
    </message>
    <message numerus="yes">
        <source>The reconciler took %n payment(s):</source>
        <translation>
            <numerusform>정산 처리한 결제 %n건:</numerusform>
        </translation>
    </message>
    <message>
        <source>The other terminals&apos; payments are the payment service&apos;s: its reconciler takes them on its next pass.</source>
        <translation>다른 단말기의 결제는 결제 서비스가 정리합니다: 서비스의 정산 처리가 다음 때 처리합니다.</translation>
    </message>
    <message>
        <source>The payments could not be read: %1</source>
        <translation>결제를 읽을 수 없습니다: %1</translation>
    </message>
    <message>
        <source>The check could not run: %1</source>
        <translation>확인을 실행할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Unresolved payments</source>
        <translation>미해결 결제</translation>
    </message>
    <message>
        <source>No payment is in doubt.
Every card and cash payment is settled.</source>
        <translation>확인이 필요한 결제가 없습니다.
모든 카드·현금 결제가 정리되었습니다.</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>새로 고침(&amp;R)</translation>
    </message>
    <message>
        <source>Read the payments again (F5)</source>
        <translation>결제 다시 읽기 (F5)</translation>
    </message>
    <message>
        <source>&amp;Check now</source>
        <translation>지금 확인(&amp;C)</translation>
    </message>
    <message>
        <source>Run one reconciler pass now: payments silent past their grace period are looked up, captured or voided by the usual rules</source>
        <translation>지금 정산 처리를 한 번 실행합니다: 유예 시간을 넘긴 결제를 평소 규칙대로 조회, 매입 또는 승인 취소합니다</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>닫기</translation>
    </message>
</context>
<context>
    <name>bo::VerdictView</name>
    <message>
        <source>%1 · %2 %3</source>
        <translation>%1 · %2 %3</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Already used</source>
        <translation>이미 사용됨</translation>
    </message>
    <message>
        <source>Wrong showtime or hall</source>
        <translation>다른 상영 또는 상영관</translation>
    </message>
    <message>
        <source>Too early</source>
        <translation>너무 이름</translation>
    </message>
    <message>
        <source>Too late</source>
        <translation>너무 늦음</translation>
    </message>
    <message>
        <source>Booking cancelled</source>
        <translation>취소된 예매</translation>
    </message>
    <message>
        <source>Booking refunded</source>
        <translation>환불된 예매</translation>
    </message>
    <message>
        <source>Replaced by a reprint</source>
        <translation>재발행으로 무효</translation>
    </message>
    <message>
        <source>Booking not paid</source>
        <translation>결제되지 않은 예매</translation>
    </message>
    <message>
        <source>Forged ticket</source>
        <translation>위조된 입장권</translation>
    </message>
    <message>
        <source>Unknown ticket</source>
        <translation>알 수 없는 입장권</translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation>읽을 수 없음</translation>
    </message>
    <message>
        <source>No connection</source>
        <translation>연결 없음</translation>
    </message>
    <message>
        <source>Admit undone: %1</source>
        <translation>입장 취소됨: %1</translation>
    </message>
    <message>
        <source>Seat %1 · admitted %2 at %3</source>
        <translation>좌석 %1 · %2 %3에서 입장</translation>
    </message>
    <message>
        <source>This ticket is for %1</source>
        <translation>이 입장권은 %1 상영입니다</translation>
    </message>
    <message>
        <source>This ticket is not for today&apos;s showtimes here</source>
        <translation>이 입장권은 오늘 이곳의 상영이 아닙니다</translation>
    </message>
    <message>
        <source>%1 — doors open in %2 min</source>
        <translation>%1 — %2분 후 입장 시작</translation>
    </message>
    <message>
        <source>%1 — started %2 min ago</source>
        <translation>%1 — %2분 전에 시작</translation>
    </message>
    <message>
        <source>Send the guest to the box office</source>
        <translation>고객을 매표소로 안내하세요</translation>
    </message>
    <message>
        <source>Only the newest print of this ticket is valid</source>
        <translation>가장 최근에 발행된 입장권만 유효합니다</translation>
    </message>
    <message>
        <source>The signature is not this cinema&apos;s. Call a manager.</source>
        <translation>이 영화관의 서명이 아닙니다. 관리자를 부르세요.</translation>
    </message>
    <message>
        <source>No such ticket was sold. Call a manager.</source>
        <translation>판매되지 않은 입장권입니다. 관리자를 부르세요.</translation>
    </message>
    <message>
        <source>Not a ticket code. Scan again.</source>
        <translation>입장권 코드가 아닙니다. 다시 스캔하세요.</translation>
    </message>
    <message>
        <source>The guest is not counted as admitted</source>
        <translation>입장 인원에서 제외되었습니다</translation>
    </message>
    <message>
        <source>READY</source>
        <translation>준비</translation>
    </message>
    <message>
        <source>Scan a ticket</source>
        <translation>입장권을 스캔하세요</translation>
    </message>
    <message>
        <source>ADMIT</source>
        <translation>입장</translation>
    </message>
    <message>
        <source>UNDONE</source>
        <translation>취소됨</translation>
    </message>
    <message>
        <source>STOP</source>
        <translation>입장 불가</translation>
    </message>
    <message>
        <source>%1 · checked offline</source>
        <translation>%1 · 오프라인 확인</translation>
    </message>
    <message>
        <source>The ticket could not be checked: no connection and no ticket list.</source>
        <translation>티켓을 확인할 수 없습니다: 연결도 티켓 목록도 없습니다.</translation>
    </message>
</context>
<context>
    <name>bo::WeekCanvas</name>
    <message>
        <source>No halls yet.</source>
        <translation>아직 상영관이 없습니다.</translation>
    </message>
    <message numerus="yes">
        <source>· %n sold</source>
        <translation>
            <numerusform>· %n석 판매</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>· %n held</source>
        <translation>
            <numerusform>· %n석 선점</numerusform>
        </translation>
    </message>
    <message>
        <source>· on sale %1</source>
        <translation>· %1 판매 시작</translation>
    </message>
</context>
<context>
    <name>bo::WeekPattern</name>
    <message>
        <source>&apos;%1&apos; is not a time like 13:20.</source>
        <translation>&apos;%1&apos;은(는) 13:20 같은 시각이 아닙니다.</translation>
    </message>
    <message>
        <source>%1 is given twice.</source>
        <translation>%1이(가) 두 번 주어졌습니다.</translation>
    </message>
    <message>
        <source>A pattern needs at least one time, like 10:00,13:20.</source>
        <translation>패턴에는 10:00,13:20처럼 시각이 하나 이상 필요합니다.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a day like mon, or days like mon-fri.</source>
        <translation>&apos;%1&apos;은(는) mon 같은 요일이나 mon-fri 같은 요일 범위가 아닙니다.</translation>
    </message>
    <message>
        <source>Name the days, like mon-fri, or say daily.</source>
        <translation>mon-fri처럼 요일을 지정하거나 daily라고 쓰세요.</translation>
    </message>
    <message>
        <source>A pattern needs its first and last day.</source>
        <translation>패턴에는 첫날과 마지막 날이 필요합니다.</translation>
    </message>
    <message>
        <source>The last day (%1) is before the first (%2).</source>
        <translation>마지막 날(%1)이 첫날(%2)보다 앞섭니다.</translation>
    </message>
    <message>
        <source>A pattern makes at most %1 showtimes.</source>
        <translation>패턴으로 만들 수 있는 상영은 최대 %1개입니다.</translation>
    </message>
    <message>
        <source>%1 %2 does not exist in the time zone %3.</source>
        <translation>%1 %2은(는) 시간대 %3에 존재하지 않습니다.</translation>
    </message>
    <message>
        <source>No day from %1 to %2 is one of the days named.</source>
        <translation>%1부터 %2까지 지정한 요일에 해당하는 날이 없습니다.</translation>
    </message>
</context>
<context>
    <name>bo::WeekPlanner</name>
    <message>
        <source>Week planner</source>
        <translation>주간 편성표</translation>
    </message>
    <message>
        <source>◀ &amp;Previous week</source>
        <translation>◀ 이전 주(&amp;P)</translation>
    </message>
    <message>
        <source>Previous week</source>
        <translation>이전 주</translation>
    </message>
    <message>
        <source>&amp;Next week ▶</source>
        <translation>다음 주(&amp;N) ▶</translation>
    </message>
    <message>
        <source>Next week</source>
        <translation>다음 주</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>새로 고침(&amp;R)</translation>
    </message>
    <message>
        <source>Reload the week</source>
        <translation>이 주의 편성 새로 고침</translation>
    </message>
    <message>
        <source>Showtimes of the week</source>
        <translation>이 주의 상영</translation>
    </message>
    <message>
        <source>Drag a showtime that sold nothing to another time or day; right-click to cancel one.</source>
        <translation>판매된 좌석이 없는 상영은 다른 시간이나 날짜로 끌어서 옮길 수 있습니다. 상영을 취소하려면 마우스 오른쪽 버튼을 클릭하세요.</translation>
    </message>
    <message>
        <source>Planner status</source>
        <translation>편성표 상태</translation>
    </message>
    <message>
        <source>Week of %1 to %2</source>
        <translation>%1 ~ %2 주간</translation>
    </message>
    <message>
        <source>The week could not be read: %1</source>
        <translation>이 주의 편성을 읽지 못했습니다: %1</translation>
    </message>
    <message>
        <source>Showtime %1 has sold seats and does not move: refund its bookings first.</source>
        <translation>상영 %1에는 판매된 좌석이 있어 옮길 수 없습니다. 먼저 예매를 환불하세요.</translation>
    </message>
    <message>
        <source>Showtime %1 has seats held by a sale in progress and does not move now.</source>
        <translation>상영 %1에는 진행 중인 판매가 선점한 좌석이 있어 지금은 옮길 수 없습니다.</translation>
    </message>
    <message>
        <source>Showtime %1 was not moved: %2</source>
        <translation>상영 %1을(를) 옮기지 못했습니다: %2</translation>
    </message>
    <message>
        <source>showtime %1 (%2, %3, until %4 with cleaning)</source>
        <translation>상영 %1(%2, %3, 청소 포함 %4까지)</translation>
    </message>
    <message>
        <source>Showtime %1 was not moved: %2 is in the way.</source>
        <translation>상영 %1을(를) 옮기지 못했습니다: %2와(과) 시간이 겹칩니다.</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Showtime %1 (%2) now starts %3.</source>
        <translation>상영 %1(%2)의 시작 시각을 %3(으)로 옮겼습니다.</translation>
    </message>
    <message>
        <source>&amp;Cancel showtime %1</source>
        <translation>상영 %1 취소(&amp;C)</translation>
    </message>
    <message>
        <source>Showtime %1 was not cancelled: %2</source>
        <translation>상영 %1을(를) 취소하지 못했습니다: %2</translation>
    </message>
    <message>
        <source>Showtime %1 is cancelled.</source>
        <translation>상영 %1을(를) 취소했습니다.</translation>
    </message>
    <message>
        <source>Put showtime %1 on &amp;sale now</source>
        <translation>상영 회차 %1 지금 판매 시작(&amp;S)</translation>
    </message>
    <message>
        <source>Give showtime %1 the hall&apos;s current &amp;layout</source>
        <translation>상영 회차 %1에 상영관의 현재 좌석 배치 적용(&amp;L)</translation>
    </message>
    <message>
        <source>Showtime %1 was not put on sale: %2</source>
        <translation>상영 회차 %1의 판매를 시작하지 못했습니다: %2</translation>
    </message>
    <message>
        <source>Showtime %1 is on sale now.</source>
        <translation>상영 회차 %1 판매를 시작했습니다.</translation>
    </message>
    <message>
        <source>Showtime %1 keeps its layout: %2</source>
        <translation>상영 회차 %1의 좌석 배치를 유지합니다: %2</translation>
    </message>
    <message>
        <source>Showtime %1 has the hall&apos;s current layout already.</source>
        <translation>상영 회차 %1은(는) 이미 상영관의 현재 좌석 배치입니다.</translation>
    </message>
    <message>
        <source>Showtime %1 now has layout version %2 of its hall (%3 seats).</source>
        <translation>상영 회차 %1에 상영관의 좌석 배치 버전 %2를 적용했습니다(%3석).</translation>
    </message>
    <message>
        <source>Blocked seats the new layout does not have: %1.</source>
        <translation>새 좌석 배치에 없는 막힌 좌석: %1.</translation>
    </message>
</context>
</TS>
