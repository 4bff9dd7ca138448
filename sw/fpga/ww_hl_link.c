/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_hl_link -- frames, the serial port, the simulator server and requests
 * with retries (see ww_hl_link.h; the protocol is docs/fpga.md sec. 1).
 */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1   /* cfmakeraw, readlink */
#endif
#include "ww_hl_link.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#define SERVER_START_S 120   /* the server's pty line must come within this */
#define MAX_SIM_ARGS 16

struct ww_hl {
  int fd;
  pid_t pid;                 /* the simulator server, 0 for a device */
  char port[256];            /* what the user gave, for messages */
  char path[320];            /* what was opened */
  ww_hl_opts_t o;
  uint8_t seq;
  ww_hl_stats_t st;
};

uint32_t ww_hl_crc(const uint8_t *p, size_t n)
{
  return (uint32_t)crc32(crc32(0L, Z_NULL, 0), p, (uInt)n);
}

size_t ww_hl_frame(uint8_t *out, uint8_t sync, uint8_t seq, uint8_t code, const void *payload,
                   uint16_t len)
{
  out[0] = sync;
  out[1] = seq;
  out[2] = code;
  out[3] = (uint8_t)len;
  out[4] = (uint8_t)(len >> 8);
  if (len)
    memcpy(out + WW_HL_HDR, payload, len);
  uint32_t c = ww_hl_crc(out + 1, WW_HL_HDR - 1 + (size_t)len);
  for (unsigned i = 0; i < 4; i++)
    out[WW_HL_HDR + len + i] = (uint8_t)(c >> (8 * i));
  return WW_HL_HDR + (size_t)len + WW_HL_CRC;
}

const char *ww_hl_cmd_text(unsigned cmd)
{
  switch (cmd) {
#define X(name, value, text) case value: return text;
    WW_HL_CMD_LIST(X)
#undef X
  default: return "unknown command";
  }
}

const char *ww_hl_cmd_name(unsigned cmd)
{
  switch (cmd) {
#define X(name, value, text) case value: return #name;
    WW_HL_CMD_LIST(X)
#undef X
  default: return "?";
  }
}

const char *ww_hl_status_text(unsigned st)
{
  switch (st) {
#define X(name, value, text) case value: return text;
    WW_HL_ST_LIST(X)
#undef X
  default: return "unknown status";
  }
}

static double now_s(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static speed_t baud_code(unsigned baud)
{
  switch (baud) {
  case 9600: return B9600;
  case 19200: return B19200;
  case 38400: return B38400;
  case 57600: return B57600;
  case 115200: return B115200;
  case 230400: return B230400;
  case 460800: return B460800;
  case 921600: return B921600;
  case 1000000: return B1000000;
  case 3000000: return B3000000;
  default: return B0;
  }
}

/* opens path as a serial port: raw 8N1 at the baud rate, no flow control */
static int open_tty(const char *path, unsigned baud, char *err, size_t n)
{
  speed_t sp = baud_code(baud);
  if (sp == B0)
    return snprintf(err, n, "baud rate %u is not supported (9600 .. 3000000, the standard rates)",
                    baud), -1;
  int fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    return snprintf(err, n, "cannot open the serial port %s: %s", path, strerror(errno)), -1;
  struct termios t;
  if (tcgetattr(fd, &t) != 0) {
    snprintf(err, n, "%s is not a serial port: %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  cfmakeraw(&t);
  t.c_cflag |= CLOCAL | CREAD;
  t.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CRTSCTS);
  t.c_iflag &= ~(tcflag_t)(IXON | IXOFF | IXANY);
  t.c_cc[VMIN] = 0;
  t.c_cc[VTIME] = 0;
  cfsetispeed(&t, sp);
  cfsetospeed(&t, sp);
  if (tcsetattr(fd, TCSANOW, &t) != 0) {
    snprintf(err, n, "cannot set %s to %u baud, raw 8N1: %s", path, baud, strerror(errno));
    close(fd);
    return -1;
  }
  tcflush(fd, TCIOFLUSH);
  return fd;
}

/* the server: $WW_FPGA_SIM, else beside this program, else "ww-fpga-sim" on $PATH */
static void server_path(char *buf, size_t n)
{
  const char *env = getenv("WW_FPGA_SIM");
  if (env && *env) {
    snprintf(buf, n, "%s", env);
    return;
  }
  char exe[PATH_MAX];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (len > 0) {
    exe[len] = '\0';
    char *slash = strrchr(exe, '/');
    static const char name[] = "ww-fpga-sim";
    size_t dir = slash ? (size_t)(slash - exe) + 1 : 0;
    if (slash && dir + sizeof name <= n) {
      memcpy(buf, exe, dir);
      memcpy(buf + dir, name, sizeof name);
      if (access(buf, X_OK) == 0)
        return;
    }
  }
  snprintf(buf, n, "ww-fpga-sim");
}

/* spawns the server with the options after "sim"; reads its "pty PATH" line */
static int start_server(ww_hl_t *h, const char *opts, char *err, size_t n)
{
  char prog[PATH_MAX], optbuf[256];
  server_path(prog, sizeof prog);
  char *argv[MAX_SIM_ARGS + 2];
  int argc = 0;
  argv[argc++] = prog;
  snprintf(optbuf, sizeof optbuf, "%s", opts);
  for (char *save = NULL, *tok = strtok_r(optbuf, " \t", &save); tok;
       tok = strtok_r(NULL, " \t", &save)) {
    if (argc == MAX_SIM_ARGS + 1)
      return snprintf(err, n, "too many simulator options in the port '%s'", h->port), -1;
    argv[argc++] = tok;
  }
  argv[argc] = NULL;
  int p[2];
  if (pipe(p) != 0)
    return snprintf(err, n, "pipe: %s", strerror(errno)), -1;
  pid_t pid = fork();
  if (pid < 0) {
    close(p[0]);
    close(p[1]);
    return snprintf(err, n, "fork: %s", strerror(errno)), -1;
  }
  if (pid == 0) {
    dup2(p[1], 1);
    close(p[0]);
    close(p[1]);
    execvp(prog, argv);
    fprintf(stderr, "cannot run the FPGA simulator server %s: %s\n", prog, strerror(errno));
    _exit(127);
  }
  close(p[1]);
  h->pid = pid;
  char line[300];
  size_t k = 0;
  double t0 = now_s();
  while (k < sizeof line - 1) {
    struct pollfd pf = { .fd = p[0], .events = POLLIN };
    int left = (int)((SERVER_START_S - (now_s() - t0)) * 1000);
    if (left <= 0 || poll(&pf, 1, left) <= 0)
      break;
    ssize_t r = read(p[0], line + k, 1);
    if (r <= 0 || line[k] == '\n')
      break;
    k++;
  }
  line[k] = '\0';
  close(p[0]);
  if (strncmp(line, "pty ", 4) != 0) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) {
      h->pid = 0;
      return snprintf(err, n, "the FPGA simulator server %s exited before opening its pty "
                      "(exit status %d)", prog, WIFEXITED(status) ? WEXITSTATUS(status) : -1), -1;
    }
    return snprintf(err, n, "the FPGA simulator server %s did not report its pty within %d s",
                    prog, SERVER_START_S), -1;
  }
  snprintf(h->path, sizeof h->path, "%s", line + 4);
  return 0;
}

ww_hl_t *ww_hl_open(const char *port, const ww_hl_opts_t *opts, char *err, size_t n)
{
  if (!port || !*port)
    return snprintf(err, n, "no port: give --port DEV (a serial device) or --port sim"), NULL;
  ww_hl_t *h = calloc(1, sizeof *h);
  if (!h)
    return snprintf(err, n, "out of host memory"), NULL;
  h->fd = -1;
  if (opts)
    h->o = *opts;
  const char *e;
  if (!h->o.timeout_ms)
    h->o.timeout_ms = (e = getenv("WW_FPGA_TIMEOUT_MS")) && *e ? (unsigned)atoi(e) : 2000;
  if (!h->o.retries)
    h->o.retries = (e = getenv("WW_FPGA_RETRIES")) && *e ? (unsigned)atoi(e) : 5;
  if (!h->o.baud)
    h->o.baud = (e = getenv("WW_FPGA_BAUD")) && *e ? (unsigned)atoi(e) : 115200;
  if (!h->o.timeout_ms)
    h->o.timeout_ms = 1;
  if (!h->o.retries)
    h->o.retries = 1;
  snprintf(h->port, sizeof h->port, "%s", port);
  if (strncmp(port, "sim", 3) == 0 && (port[3] == '\0' || port[3] == ' ')) {
    signal(SIGPIPE, SIG_IGN);
    if (start_server(h, port + 3, err, n) != 0) {
      ww_hl_close(h);
      return NULL;
    }
  } else {
    snprintf(h->path, sizeof h->path, "%s", port);
  }
  h->fd = open_tty(h->path, h->o.baud, err, n);
  if (h->fd < 0) {
    ww_hl_close(h);
    return NULL;
  }
  return h;
}

void ww_hl_close(ww_hl_t *h)
{
  if (!h)
    return;
  if (h->fd >= 0)
    close(h->fd);
  if (h->pid > 0) {
    /* the server ends when its pty's slave closes; make sure it does */
    int status;
    double t0 = now_s();
    while (waitpid(h->pid, &status, WNOHANG) == 0) {
      if (now_s() - t0 > 5) {
        kill(h->pid, SIGTERM);
        waitpid(h->pid, &status, 0);
        break;
      }
      struct timespec ts = { 0, 2000000 };
      nanosleep(&ts, NULL);
    }
  }
  free(h);
}

int ww_hl_is_sim(const ww_hl_t *h) { return h->pid > 0; }

void ww_hl_get_stats(const ww_hl_t *h, ww_hl_stats_t *st) { *st = h->st; }

static int write_all(ww_hl_t *h, const uint8_t *p, size_t n, double deadline)
{
  while (n) {
    ssize_t w = write(h->fd, p, n);
    if (w > 0) {
      p += w;
      n -= (size_t)w;
      h->st.bytes_out += (uint64_t)w;
      continue;
    }
    if (w < 0 && errno != EAGAIN && errno != EINTR)
      return -1;
    struct pollfd pf = { .fd = h->fd, .events = POLLOUT };
    int left = (int)((deadline - now_s()) * 1000);
    if (left <= 0 || poll(&pf, 1, left) <= 0)
      return -1;
  }
  return 0;
}

/* one byte before the deadline: 0, or -1 (timeout or a closed link) */
static int read_byte(ww_hl_t *h, uint8_t *b, double deadline, int *closed)
{
  for (;;) {
    ssize_t r = read(h->fd, b, 1);
    if (r == 1) {
      h->st.bytes_in++;
      return 0;
    }
    if (r < 0 && errno != EAGAIN && errno != EINTR) {
      *closed = 1;
      return -1;
    }
    struct pollfd pf = { .fd = h->fd, .events = POLLIN };
    int left = (int)((deadline - now_s()) * 1000);
    if (left <= 0)
      return -1;
    int pr = poll(&pf, 1, left);
    if (pr <= 0)
      return -1;
    if ((pf.revents & (POLLHUP | POLLERR)) && !(pf.revents & POLLIN)) {
      *closed = 1;
      return -1;
    }
  }
}

/* Why an attempt failed (retried): */
enum { A_OK = 0, A_TIMEOUT, A_BAD_RSP_CRC, A_BAD_REQ_CRC, A_REFUSED, A_CLOSED };

int ww_hl_request(ww_hl_t *h, uint8_t cmd, const void *payload, uint16_t len, void *rsp,
                  uint16_t rsp_cap, uint16_t *rsp_len, unsigned extra_ms, char *err, size_t n)
{
  static uint8_t req[WW_HL_HDR + WW_HL_MAX_PAYLOAD + WW_HL_CRC];
  uint8_t frame[WW_HL_HDR + WW_HL_MAX_PAYLOAD + WW_HL_CRC];
  if (len > WW_HL_MAX_PAYLOAD)
    return snprintf(err, n, "%s request of %u bytes: more than %u", ww_hl_cmd_name(cmd), len,
                    WW_HL_MAX_PAYLOAD), -1;
  const double t_start = now_s();
  const uint8_t seq = ++h->seq;   /* the same on every retry: a LAUNCH runs once */
  const size_t flen = ww_hl_frame(req, WW_HL_SYNC_REQ, seq, cmd, payload, len);
  h->st.requests++;
  int why = A_OK;
  unsigned status = 0;
  for (unsigned attempt = 0; attempt < h->o.retries; attempt++) {
    if (attempt) {
      h->st.retries++;
      /* let the device drop a partial frame (its byte timeout), then
       * forget whatever arrived since */
      struct timespec ts = { 0, 20000000 };
      nanosleep(&ts, NULL);
    }
    tcflush(h->fd, TCIFLUSH);
    const double deadline = now_s() + (h->o.timeout_ms + extra_ms + flen + rsp_cap) / 1000.0;
    if (write_all(h, req, flen, deadline) != 0) {
      why = A_TIMEOUT;
      continue;
    }
    /* the answer: skip to the sync byte; an answer to another SEQ (a stale
     * one) is skipped whole */
    int closed = 0;
    for (;;) {
      uint8_t b;
      if (read_byte(h, &b, deadline, &closed) != 0) {
        why = closed ? A_CLOSED : A_TIMEOUT;
        break;
      }
      if (b != WW_HL_SYNC_RSP)
        continue;
      frame[0] = b;
      size_t k = 1;
      int ok = 1;
      while (ok && k < WW_HL_HDR)
        ok = read_byte(h, &frame[k++], deadline, &closed) == 0;
      uint16_t plen = (uint16_t)(frame[3] | frame[4] << 8);
      if (ok && plen > WW_HL_MAX_PAYLOAD) {
        why = A_BAD_RSP_CRC;   /* a damaged length */
        break;
      }
      while (ok && k < WW_HL_HDR + (size_t)plen + WW_HL_CRC)
        ok = read_byte(h, &frame[k++], deadline, &closed) == 0;
      if (!ok) {
        why = closed ? A_CLOSED : A_TIMEOUT;
        break;
      }
      uint32_t want = ww_hl_crc(frame + 1, WW_HL_HDR - 1 + (size_t)plen);
      const uint8_t *c = frame + WW_HL_HDR + plen;
      uint32_t got = (uint32_t)c[0] | (uint32_t)c[1] << 8 | (uint32_t)c[2] << 16 |
                     (uint32_t)c[3] << 24;
      if (got != want) {
        why = A_BAD_RSP_CRC;
        break;
      }
      if (frame[1] != seq)
        continue;   /* stale */
      status = frame[2];
      if (status == WW_HL_ST_BAD_CRC) {
        why = A_BAD_REQ_CRC;
        break;
      }
      if (status != WW_HL_ST_OK) {
        why = A_REFUSED;
        break;
      }
      if (plen > rsp_cap) {
        h->st.seconds += now_s() - t_start;
        return snprintf(err, n, "%s on %s: the answer has %u bytes, %u expected at most",
                        ww_hl_cmd_name(cmd), h->port, plen, rsp_cap), -1;
      }
      if (plen)
        memcpy(rsp, frame + WW_HL_HDR, plen);
      if (rsp_len)
        *rsp_len = plen;
      h->st.seconds += now_s() - t_start;
      return 0;
    }
    if (why == A_REFUSED || why == A_CLOSED)
      break;
  }
  h->st.seconds += now_s() - t_start;
  switch (why) {
  case A_REFUSED:
    snprintf(err, n, "the FPGA on %s refused %s (%s): %s", h->port, ww_hl_cmd_name(cmd),
             ww_hl_cmd_text(cmd), ww_hl_status_text(status));
    break;
  case A_CLOSED:
    snprintf(err, n, "the link to the FPGA on %s closed during %s (seq %u)%s", h->port,
             ww_hl_cmd_name(cmd), seq, h->pid ? ": the simulator server exited" : "");
    break;
  case A_BAD_RSP_CRC:
    snprintf(err, n, "CRC mismatch: every answer to %s (seq %u) on %s was damaged, %u tries",
             ww_hl_cmd_name(cmd), seq, h->port, h->o.retries);
    break;
  case A_BAD_REQ_CRC:
    snprintf(err, n, "CRC mismatch: the FPGA on %s received %s (seq %u) damaged, %u tries",
             h->port, ww_hl_cmd_name(cmd), seq, h->o.retries);
    break;
  default:
    snprintf(err, n, "no answer from the FPGA on %s: %s (seq %u) timed out after %u ms, %u "
             "tries (is the board connected, programmed and at %u baud?)", h->port,
             ww_hl_cmd_name(cmd), seq, h->o.timeout_ms + extra_ms, h->o.retries, h->o.baud);
    break;
  }
  return -1;
}
