"""Find this machine's addresses on the hall's network, without sending a packet.

Used by the settings in hall mode (``HOST=0.0.0.0``): the phones reach the laptop
through one of these addresses, so each must be an allowed host, and the first is
the public base URL printed on the sheets and posters.
"""

import ipaddress
import socket
import struct
import sys

WILDCARD_HOSTS = {"0.0.0.0", "::", "[::]"}

# A documentation address (TEST-NET-1, RFC 5737): connecting a UDP socket to it only
# asks the kernel which source address its route would use; nothing is sent.
_ROUTE_PROBE = ("192.0.2.1", 9)
_SIOCGIFADDR = 0x8915  # Linux: read an interface's IPv4 address


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)


def _interface_addresses() -> list[str]:
    """The IPv4 address of every interface (Linux); empty elsewhere."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _index, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(sock.fileno(), _SIOCGIFADDR, request)
            except OSError:  # no IPv4 address on this interface
                continue
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


def _default_route_address() -> list[str]:
    """The source address of the default route, if there is one."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(_ROUTE_PROBE)
            return [sock.getsockname()[0]]
    except OSError:
        return []


def _hostname_addresses() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [info[4][0] for info in infos]


def lan_addresses() -> list[str]:
    """Every non-loopback IPv4 address of this machine, the default route's first."""
    ordered = _default_route_address() + _interface_addresses() + _hostname_addresses()
    return list(dict.fromkeys(a for a in ordered if _usable(a)))
