/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_hl_link -- the host side of the UART host link (docs/fpga.md sec. 1):
 * frames (sync, SEQ, CMD or STATUS, LEN, payload, CRC-32 of zlib), the
 * serial port (termios: raw, 8N1, the baud rate; a pty is opened the same
 * way), the simulator server (port "sim": build/bin/ww-fpga-sim spawned,
 * its pty opened), and requests with a timeout and retries. Every error
 * is one line naming the port, the frame and what went wrong. C11.
 */
#ifndef WW_HL_LINK_H
#define WW_HL_LINK_H

#include <stddef.h>
#include <stdint.h>

#include "ww_proto.h"

#define WW_HL_HDR 5u          /* sync, seq, cmd/status, len (2) */
#define WW_HL_CRC 4u
#define WW_HL_MAX_PAYLOAD 1020u

/* ---- frames (no I/O) --------------------------------------------------------- */
/* CRC-32 (zlib's crc32) of n bytes. */
uint32_t ww_hl_crc(const uint8_t *p, size_t n);

/* Writes a frame to out (room for WW_HL_HDR + len + WW_HL_CRC bytes):
 * sync, seq, code (a command or a status), len, payload, CRC. Its size. */
size_t ww_hl_frame(uint8_t *out, uint8_t sync, uint8_t seq, uint8_t code, const void *payload,
                   uint16_t len);

/* "write memory", "bad CRC (...)", ...; "unknown" for other codes. */
const char *ww_hl_cmd_text(unsigned cmd);
const char *ww_hl_status_text(unsigned status);
const char *ww_hl_cmd_name(unsigned cmd);   /* "MEM_WRITE" */

/* ---- the link ------------------------------------------------------------------ */
typedef struct ww_hl ww_hl_t;

typedef struct {
  unsigned timeout_ms;        /* an answer's deadline, plus 1 ms per byte; 0 = 2000 */
  unsigned retries;           /* tries of a request; 0 = 5 */
  unsigned baud;              /* serial ports; 0 = 115200 */
} ww_hl_opts_t;

/* port: a serial device ("/dev/ttyUSB0"), or "sim" with optional server
 * options after a blank ("sim --corrupt-every 50"). NULL with the reason in
 * err: the device does not exist or cannot be opened, the server cannot
 * be started. $WW_FPGA_SIM names the server (default: ww-fpga-sim beside
 * the running program, then on $PATH). */
ww_hl_t *ww_hl_open(const char *port, const ww_hl_opts_t *opts, char *err, size_t err_len);
void ww_hl_close(ww_hl_t *h);
int ww_hl_is_sim(const ww_hl_t *h);

/* One request: sends cmd with its payload and waits for the answer, retried
 * on a timeout, a damaged answer or a damaged request (status BAD_CRC).
 * 0 with the answer's payload in rsp (*rsp_len bytes, at most rsp_cap);
 * else -1 with the reason in err (no answer after N tries, the frame named;
 * or the device's status in words). extra_ms lengthens the deadline. */
int ww_hl_request(ww_hl_t *h, uint8_t cmd, const void *payload, uint16_t len, void *rsp,
                  uint16_t rsp_cap, uint16_t *rsp_len, unsigned extra_ms, char *err,
                  size_t err_len);

typedef struct {
  uint64_t requests, retries, bytes_out, bytes_in;
  double   seconds;           /* in ww_hl_request */
} ww_hl_stats_t;
void ww_hl_get_stats(const ww_hl_t *h, ww_hl_stats_t *st);

#endif /* WW_HL_LINK_H */
