"""Run a small real SMTP server for a test: TCP on a free port, the commands Django's
SMTP backend sends (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), the messages kept.

aiosmtpd would do, but it depends on ``atpublic``, whose top-level package is called
``public`` like this project's app: installed, it shadows the app outside the
project's directory. So the test brings its own server, on asyncio streams.
"""

from __future__ import annotations

import asyncio
import email
import email.policy
import threading
from dataclasses import dataclass


@dataclass
class Received:
    to: list[str]
    subject: str
    body: str


class SmtpServer:
    def __init__(self):
        self.received: list[Received] = []
        self.port: int | None = None
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the SMTP server did not start")

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(
            asyncio.start_server(self._session, "127.0.0.1", 0)
        )
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()
        server.close()
        self._loop.run_until_complete(server.wait_closed())
        self._loop.close()

    async def _session(self, reader, writer) -> None:
        def say(line: str) -> None:
            writer.write(line.encode() + b"\r\n")

        say("220 test-smtp ready")
        recipients: list[str] = []
        while line := await reader.readline():
            command = line.decode("ascii", "replace").strip()
            verb = command[:4].upper()
            if verb in ("EHLO", "HELO"):
                say("250 test-smtp")
            elif verb == "MAIL":
                recipients = []
                say("250 OK")
            elif verb == "RCPT":
                recipients.append(command.partition(":")[2].strip().strip("<>"))
                say("250 OK")
            elif verb == "DATA":
                say("354 End data with <CR><LF>.<CR><LF>")
                await writer.drain()
                lines = []
                while (part := await reader.readline()) not in (b".\r\n", b""):
                    lines.append(part[1:] if part.startswith(b"..") else part)
                self._keep(recipients, b"".join(lines))
                say("250 OK: queued")
            elif verb in ("RSET", "NOOP"):
                say("250 OK")
            elif verb == "QUIT":
                say("221 Bye")
                await writer.drain()
                break
            else:
                say("502 Command not implemented")
            await writer.drain()
        writer.close()

    def _keep(self, recipients: list[str], data: bytes) -> None:
        message = email.message_from_bytes(data, policy=email.policy.default)
        self.received.append(
            Received(list(recipients), str(message["Subject"]), message.get_content())
        )
