"""Seats, seat requests and their hand-overs: which phone holds which seat, and the
requests a host (or a seat's holder) decides."""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import delete, select, update

from ..games.base import N_, IllegalAction, MalformedInput
from ..schema import EntryRow, SeatClaim, SeatRequest, TableRow, utcnow
from .model import (
    MAX_REQUESTS_PER_SEAT,
    MAX_REQUESTS_PER_TABLE,
    SEAT_ENTRY,
    SEAT_LABELS,
    TRUSTED,
    NotAllowed,
    PendingRequest,
    Seating,
    SeatTaken,
    Sender,
    TableMeta,
    TooManyRequests,
)
from .reading import TableReads
from .view import TableView


class SeatDesk(TableReads):
    """The seats of ``TableService``."""

    def seating_at(self, table_id: str, meta: TableMeta, seating: int) -> Seating:
        """The seats and pending requests at the seating counter ``peek`` read. The counter
        moves in the same transaction as every change of seats or requests, and is read
        before them: what is kept under a value is never older than that value."""
        key = (table_id, meta.watch_token, seating)
        with self._lock:
            found = self._seatings.get(key)
        if found is not None:
            return found
        claims = {str(token): int(seat) for token, seat in self.db.peek_all(
            "SELECT token, seat FROM seat_claims WHERE table_id = ?", (table_id,))}
        found = Seating(claims, tuple(self.requests(table_id)))
        with self._lock:
            self._seatings[key] = found
            while len(self._seatings) > self._meta_size:
                self._seatings.popitem(last=False)
        return found

    def _check_seat(self, table_id: str, seat: Any) -> TableView:
        view = self.get(table_id)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(
                view.players):
            raise MalformedInput(N_("no seat %(seat)s at this table"), code="unknown_seat",
                                 seat=seat)
        return view

    def claim(self, table_id: str, seat: Any, by: Sender | None = TRUSTED,
              moving_from: str | None = None) -> str:
        """Give a phone a free seat: returns the claim token the phone keeps. A seat another
        phone holds is refused (``SeatTaken``) unless the host asks. ``moving_from``: the
        token of the seat the phone holds at this table, if any: a phone holds one seat, so
        taking another frees that one (it would stay "taken" by a token nobody keeps)."""
        self._check_seat(table_id, seat)
        token = secrets.token_urlsafe(24)
        with self.db.write() as session:
            if moving_from:
                held = session.scalar(select(SeatClaim).where(
                    SeatClaim.table_id == table_id, SeatClaim.token == moving_from))
                if held is not None and held.seat == seat:
                    return moving_from  # the seat it holds already
                if held is not None:
                    session.delete(held)
                    session.flush()
                    self._log_seat(session, table_id, held.seat, "freed", by)
            existing = session.get(SeatClaim, (table_id, seat))
            if existing is None:
                session.add(SeatClaim(table_id=table_id, seat=seat, token=token))
            elif by is None or by.host:
                existing.token = token
                existing.claimed_at = utcnow()
                self._close_requests(session, table_id, seat, "superseded")
                self._log_seat(session, table_id, seat, "taken", by)
            else:
                raise SeatTaken(N_("this seat is held by another phone: ask for it, and the "
                                   "host or the phone holding it hands it over"))
            self._seating_moved(session, table_id)
        return token

    def request_seat(self, table_id: str, seat: Any, previous: str | None = None) -> str:
        """Ask for a seat another phone holds; returns the asking phone's token, which
        becomes the seat's token if the host (or the holder) hands the seat over. A phone
        asks once at a time: its ``previous`` request still open (the token it kept) is
        superseded, so the host sees one request per phone and never hands a seat to a
        request whose token its phone no longer keeps."""
        self._check_seat(table_id, seat)
        token = secrets.token_urlsafe(24)
        with self.db.write() as session:
            if previous:
                session.execute(update(SeatRequest).where(
                    SeatRequest.table_id == table_id, SeatRequest.token == previous,
                    SeatRequest.status == "pending").values(status="superseded",
                                                            resolved_at=utcnow()))
            open_seats = session.scalars(select(SeatRequest.seat).where(
                SeatRequest.table_id == table_id, SeatRequest.status == "pending")).all()
            if (len(open_seats) >= MAX_REQUESTS_PER_TABLE
                    or list(open_seats).count(seat) >= MAX_REQUESTS_PER_SEAT):
                raise TooManyRequests(N_("this seat has as many open requests as the host can "
                                         "answer: ask again once they are answered"))
            session.add(SeatRequest(table_id=table_id, seat=seat, token=token))
            self._seating_moved(session, table_id)
        return token

    def refuse_all(self, table_id: str, by: Sender | None = TRUSTED) -> int:
        """Refuse every open seat request at once: the host's, or, for the phone holding a
        seat, those for its seat. How many were refused."""
        with self.db.write() as session:
            query = update(SeatRequest).where(SeatRequest.table_id == table_id,
                                              SeatRequest.status == "pending")
            if by is not None and not by.host:
                if by.seat is None:
                    raise NotAllowed(N_("Only the host or the phone holding this seat can "
                                        "decide."), code="host_only")
                query = query.where(SeatRequest.seat == by.seat)
            # An UPDATE's result is a cursor result: it counts the rows it changed.
            result: Any = session.execute(query.values(status="refused",
                                                       resolved_at=utcnow()))
            refused = result.rowcount
            if refused:
                self._seating_moved(session, table_id)
        return int(refused or 0)

    def requests(self, table_id: str) -> list[PendingRequest]:
        """The pending seat requests of a table, oldest first (every live fragment of a
        seated phone asks: one plain query, no ORM session)."""
        return [PendingRequest(int(found[0]), int(found[1])) for found in self.db.peek_all(
            "SELECT id, seat FROM seat_requests WHERE table_id = ? AND status = 'pending' "
            "ORDER BY id", (table_id,))]

    def request_status(self, table_id: str, token: str | None) -> SeatRequest | None:
        if not token:
            return None
        with self.db.read() as session:
            found: SeatRequest | None = session.scalar(select(SeatRequest).where(
                SeatRequest.table_id == table_id, SeatRequest.token == token)
                .order_by(SeatRequest.id.desc()))
            return found

    def decide(self, table_id: str, request_id: Any, approve: bool,
               by: Sender | None = TRUSTED) -> None:
        """Hand a seat over to the phone that asked, or refuse: the host, or the phone that
        holds the seat, decides."""
        with self.db.write() as session:
            found = session.get(SeatRequest, request_id) if isinstance(request_id, int) \
                else None
            if found is None or found.table_id != table_id or found.status != "pending":
                raise IllegalAction(N_("this seat request is no longer open"),
                                    code="no_such_request")
            if by is not None and not by.host and by.seat != found.seat:
                raise NotAllowed(N_("Only the host or the phone holding this seat can "
                                    "decide."), code="host_only")
            found.status = "approved" if approve else "refused"
            found.resolved_at = utcnow()
            self._seating_moved(session, table_id)
            if approve:
                claim = session.get(SeatClaim, (table_id, found.seat))
                if claim is None:
                    session.add(SeatClaim(table_id=table_id, seat=found.seat,
                                          token=found.token))
                else:
                    claim.token = found.token
                    claim.claimed_at = utcnow()
                self._close_requests(session, table_id, found.seat, "superseded")
                self._log_seat(session, table_id, found.seat, "handed", by)

    def free(self, table_id: str, seat: Any, by: Sender | None = TRUSTED) -> None:
        """Free a seat (a phone lost or out of battery): the host only, or the holder
        leaving it."""
        self._check_seat(table_id, seat)
        if by is not None and not by.host and by.seat != seat:
            raise NotAllowed(N_("Only the host can do this."), code="host_only")
        with self.db.write() as session:
            held = session.get(SeatClaim, (table_id, seat)) is not None
            session.execute(delete(SeatClaim).where(SeatClaim.table_id == table_id,
                                                    SeatClaim.seat == seat))
            if held:
                self._log_seat(session, table_id, seat, "freed", by)
            self._seating_moved(session, table_id)

    def _log_seat(self, session: Any, table_id: str, seat: int, change: str,
                  by: Sender | None) -> None:
        """A seat changing phone is an entry of the table's log, in the same transaction as
        the change: every phone sees it in the log, and a seal the seat's new phone did not
        make shows there as locked (``TableView.sealed_elsewhere``). The entry moves the
        version like any write (a write made against the version before is told the table
        changed) and changes no game state: undo and redo pass it by."""
        version = session.execute(
            update(TableRow).where(TableRow.id == table_id)
            .values(version=TableRow.version + 1, updated_at=utcnow())
            .returning(TableRow.version)).scalar_one()
        players = session.execute(select(TableRow.players).where(TableRow.id == table_id)
                                  ).scalar_one()
        name = players[seat].get("name", "?") if 0 <= seat < len(players) else "?"
        session.add(EntryRow(
            table_id=table_id, seq=version, kind=SEAT_ENTRY,
            payload={"seat": seat, "change": change},
            label={"msgid": SEAT_LABELS[change], "params": {"name": name}},
            seat=by.seat if by is not None else None, owner=None,
            author=by.author if by is not None else "host", created_at=utcnow()))

    def _seating_moved(self, session: Any, table_id: str) -> None:
        session.execute(update(TableRow).where(TableRow.id == table_id)
                        .values(seating=TableRow.seating + 1))
        self.db.changed(session, table_id)

    def seating(self, table_id: str) -> tuple[int, int]:
        """The table's (version, seating): what a phone's live view compares."""
        version, seating, _meta = self._peek_table(table_id)
        return version, seating

    @staticmethod
    def _close_requests(session: Any, table_id: str, seat: int, status: str) -> None:
        session.execute(update(SeatRequest).where(
            SeatRequest.table_id == table_id, SeatRequest.seat == seat,
            SeatRequest.status == "pending").values(status=status, resolved_at=utcnow()))

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        if not token or not isinstance(token, str):
            return None
        found = self.db.peek("SELECT seat FROM seat_claims WHERE table_id = ? AND token = ?",
                             (table_id, token))
        return int(found[0]) if found is not None else None

    def claimed_seats(self, table_id: str) -> set[int]:
        with self.db.read() as session:
            return set(session.scalars(select(SeatClaim.seat)
                                       .where(SeatClaim.table_id == table_id)).all())
