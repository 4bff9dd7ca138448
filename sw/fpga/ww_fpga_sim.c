/* SPDX-License-Identifier: Apache-2.0
 *
 * ww-fpga-sim -- the simulator server of the FPGA backend (docs/fpga.md
 * sec. 3): the Verilated FPGA top (ww_vfpga.h) behind a pseudo-terminal.
 * It opens a pty (posix_openpt, grantpt, unlockpt; the slave in raw mode),
 * prints "pty PATH" on stdout, and then moves bytes between the pty and
 * the top's UART pins at the simulated bit rate (CLKS_PER_BIT cycles a
 * bit, 8N1), one clock cycle at a time, until the host closes the pty.
 * The host side is the runtime's fpga backend, which opens PATH as it
 * opens a serial port (`warpwatch run ... --backend fpga --port sim`
 * spawns this program).
 *
 *   ww-fpga-sim [--wave F.fst] [--corrupt-every N] [--drop-every N]
 *               [--fault-seed S] [--dead] [--stats]
 *
 *   --corrupt-every N  flip one random bit of a byte on the link, one byte
 *                      in N on average, at random (both directions): the
 *                      CRC must catch it
 *   --drop-every N     lose a byte on the link, one in N on average
 *   --fault-seed S     the faults' random seed (default 1): S replays them
 *   --dead             never answer: every byte from the host is dropped
 *   --stats            at exit, print cycles, bytes and bytes/s on stderr
 *
 * When the link is quiet and no kernel runs, it sleeps in poll() instead
 * of clocking an idle GPU. Exit status 0 when the host closed the link,
 * 1 on an error (named on stderr).
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 600   /* posix_openpt, grantpt, unlockpt, ptsname */
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1   /* cfmakeraw */
#endif
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "ww_vfpga.h"

#define FIFO 65536u
#define RESET_CYCLES 8u
#define QUIET_CYCLES 50000u   /* cycles without link activity before sleeping */
#define CONNECT_TIMEOUT_S 60

typedef struct {
  uint8_t buf[FIFO];
  unsigned head, n;
} fifo_t;

static int fifo_put(fifo_t *f, uint8_t b)
{
  if (f->n == FIFO)
    return -1;
  f->buf[(f->head + f->n++) % FIFO] = b;
  return 0;
}

static int fifo_get(fifo_t *f, uint8_t *b)
{
  if (!f->n)
    return -1;
  *b = f->buf[f->head];
  f->head = (f->head + 1) % FIFO;
  f->n--;
  return 0;
}

/* The host's UART transmitter on the top's rx pin. */
typedef struct {
  int busy;
  unsigned bit;          /* 0 start, 1..8 data, 9 stop */
  unsigned cnt;          /* cycles left in this bit */
  uint8_t byte;
} utx_t;

/* The host's UART receiver on the top's tx pin: samples mid-bit. */
typedef struct {
  int busy;
  unsigned bit, cnt;
  uint8_t byte;
} urx_t;

typedef struct {
  unsigned long corrupt_every, drop_every;
  uint64_t rng;
  unsigned long bytes;   /* bytes on the link so far (both directions) */
  unsigned long corrupted, dropped;
  int dead;
} faults_t;

/* A byte crosses the link: -1 when it is lost, else the (maybe damaged) byte. */
static uint64_t next_rand(faults_t *f)
{
  f->rng ^= f->rng << 13;
  f->rng ^= f->rng >> 7;
  f->rng ^= f->rng << 17;
  return f->rng;
}

static int link_byte(faults_t *f, uint8_t b)
{
  f->bytes++;
  if (f->drop_every && next_rand(f) % f->drop_every == 0) {
    f->dropped++;
    return -1;
  }
  if (f->corrupt_every && next_rand(f) % f->corrupt_every == 0) {
    f->corrupted++;
    return b ^ (uint8_t)(1u << (next_rand(f) % 8));
  }
  return b;
}

static double now_s(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int usage(void)
{
  fprintf(stderr, "usage: ww-fpga-sim [--wave F.fst] [--corrupt-every N] [--drop-every N] "
                  "[--fault-seed S] [--dead] [--stats]\n");
  return 2;
}

static int parse_count(const char *opt, const char *s, unsigned long *out)
{
  char *end;
  errno = 0;
  unsigned long v = s ? strtoul(s, &end, 0) : 0;
  if (!s || errno || *end || v == 0) {
    fprintf(stderr, "ww-fpga-sim: %s needs a count >= 1, not '%s'\n", opt, s ? s : "");
    return -1;
  }
  *out = v;
  return 0;
}

int main(int argc, char **argv)
{
  const char *wave = NULL;
  faults_t flt;
  memset(&flt, 0, sizeof flt);
  unsigned long fault_seed = 1;
  int stats = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--wave") && i + 1 < argc) {
      wave = argv[++i];
    } else if (!strcmp(a, "--corrupt-every")) {
      if (parse_count(a, i + 1 < argc ? argv[++i] : NULL, &flt.corrupt_every))
        return 2;
    } else if (!strcmp(a, "--drop-every")) {
      if (parse_count(a, i + 1 < argc ? argv[++i] : NULL, &flt.drop_every))
        return 2;
    } else if (!strcmp(a, "--fault-seed")) {
      if (parse_count(a, i + 1 < argc ? argv[++i] : NULL, &fault_seed))
        return 2;
    } else if (!strcmp(a, "--dead")) {
      flt.dead = 1;
    } else if (!strcmp(a, "--stats")) {
      stats = 1;
    } else {
      fprintf(stderr, "ww-fpga-sim: unknown option '%s'\n", a);
      return usage();
    }
  }

  flt.rng = 0x9E3779B97F4A7C15ull ^ fault_seed;
  int m = posix_openpt(O_RDWR | O_NOCTTY);
  if (m < 0 || grantpt(m) || unlockpt(m)) {
    fprintf(stderr, "ww-fpga-sim: cannot open a pseudo-terminal: %s\n", strerror(errno));
    return 1;
  }
  const char *slave = ptsname(m);
  /* the slave in raw mode before the host opens it: no echo, no line editing */
  int s = slave ? open(slave, O_RDWR | O_NOCTTY) : -1;
  struct termios tio;
  if (s < 0 || tcgetattr(s, &tio)) {
    fprintf(stderr, "ww-fpga-sim: cannot open the pty slave %s: %s\n", slave ? slave : "?",
            strerror(errno));
    return 1;
  }
  cfmakeraw(&tio);
  tcsetattr(s, TCSANOW, &tio);
  close(s);
  fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK);

  char err[256] = "";
  ww_vfpga_t *v = ww_vfpga_new(wave, err, sizeof err);
  if (!v) {
    fprintf(stderr, "ww-fpga-sim: %s\n", err);
    return 1;
  }
  const unsigned cpb = ww_vfpga_clks_per_bit();
  ww_vfpga_out_t o;
  for (unsigned i = 0; i < RESET_CYCLES; i++)
    ww_vfpga_cycle(v, 0, 1, &o);

  printf("pty %s\n", slave);
  fflush(stdout);

  static fifo_t in, out;   /* host -> device, device -> host */
  utx_t tx;
  urx_t rx;
  memset(&tx, 0, sizeof tx);
  memset(&rx, 0, sizeof rx);
  int connected = 0, closed = 0;
  uint64_t cycles = 0, quiet = 0, to_dev = 0, to_host = 0;
  double t0 = now_s(), t_first = 0, t_last = 0;
  int pin = 1;
  while (!closed) {
    /* the pty: read what the host sent, write what the device sent */
    int sleep_ok = !tx.busy && !in.n && !rx.busy && !out.n && !o.busy && quiet > QUIET_CYCLES;
    if (sleep_ok || (cycles & 255) == 0) {
      struct pollfd pf = { .fd = m, .events = POLLIN | (out.n ? POLLOUT : 0) };
      int pr = poll(&pf, 1, sleep_ok ? (connected ? -1 : 100) : 0);
      if (pr < 0 && errno != EINTR) {
        fprintf(stderr, "ww-fpga-sim: poll: %s\n", strerror(errno));
        return 1;
      }
      if (pr > 0 && (pf.revents & POLLIN)) {
        uint8_t b[4096];
        unsigned room = FIFO - in.n;
        ssize_t n = read(m, b, room < sizeof b ? room : sizeof b);
        for (ssize_t i = 0; i < n; i++) {
          int c = flt.dead ? -1 : link_byte(&flt, b[i]);
          if (c >= 0)
            fifo_put(&in, (uint8_t)c);
        }
        if (n > 0) {
          connected = 1;
          quiet = 0;
          if (!t_first)
            t_first = now_s();
        }
      }
      if (pr > 0 && (pf.revents & POLLOUT) && out.n) {
        uint8_t b[4096];
        unsigned k = 0;
        while (k < sizeof b && k < out.n) {
          b[k] = out.buf[(out.head + k) % FIFO];
          k++;
        }
        ssize_t n = write(m, b, k);
        for (ssize_t i = 0; i < n; i++)
          fifo_get(&out, &b[0]);
      }
      if (pr > 0 && (pf.revents & (POLLHUP | POLLERR)) && !(pf.revents & POLLIN)) {
        if (connected)
          closed = 1;   /* the host closed the link */
        else if (now_s() - t0 > CONNECT_TIMEOUT_S) {
          fprintf(stderr, "ww-fpga-sim: no host opened %s within %d s\n", slave,
                  CONNECT_TIMEOUT_S);
          return 1;
        } else if (sleep_ok) {
          struct timespec ts = { 0, 10000000 };
          nanosleep(&ts, NULL);
        }
      }
      if (sleep_ok)
        continue;   /* poll again (or simulate, once there is something) */
    }

    /* the host's transmitter drives the rx pin */
    if (!tx.busy && fifo_get(&in, &tx.byte) == 0) {
      tx.busy = 1;
      tx.bit = 0;
      tx.cnt = cpb;
      to_dev++;
    }
    pin = !tx.busy ? 1 : tx.bit == 0 ? 0 : tx.bit == 9 ? 1 : (tx.byte >> (tx.bit - 1)) & 1;
    ww_vfpga_cycle(v, 1, pin, &o);
    cycles++;
    if (o.mem_error) {
      fprintf(stderr, "ww-fpga-sim: cycle %llu: the SDRAM model saw its rule 0x%02x broken "
              "(sw/fpga/ww_sdram_model.v lists the rules)\n", (unsigned long long)cycles,
              o.mem_error);
      ww_vfpga_free(v);
      return 1;
    }
    quiet++;
    if (tx.busy && --tx.cnt == 0) {
      quiet = 0;
      tx.cnt = cpb;
      if (++tx.bit == 10)
        tx.busy = 0;
    }
    /* the host's receiver samples the tx pin in the middle of each bit */
    if (!rx.busy) {
      if (!o.tx) {
        rx.busy = 1;
        rx.bit = 0;
        rx.cnt = cpb / 2;
      }
    } else if (--rx.cnt == 0) {
      quiet = 0;
      rx.cnt = cpb;
      if (rx.bit == 0) {
        if (o.tx)
          rx.busy = 0;   /* a glitch */
      } else if (rx.bit <= 8) {
        rx.byte = (uint8_t)(rx.byte >> 1 | (o.tx ? 0x80 : 0));
      } else {
        rx.busy = 0;
        if (o.tx) {      /* stop bit: a byte for the host */
          int c = link_byte(&flt, rx.byte);
          if (c >= 0 && fifo_put(&out, (uint8_t)c)) {
            fprintf(stderr, "ww-fpga-sim: the host does not read its answers\n");
            return 1;
          }
          to_host++;
          t_last = now_s();
        }
      }
      rx.bit++;
    }
  }
  if (stats) {
    double busy_s = t_last > t_first ? t_last - t_first : 0;
    fprintf(stderr, "ww-fpga-sim: %llu cycles in %.2f s (%.0f cycles/s); %llu bytes to the "
            "device, %llu to the host; link %.0f bytes/s from the first byte in to the last "
            "out; %lu bytes corrupted, %lu dropped\n",
            (unsigned long long)cycles, now_s() - t0, cycles / (now_s() - t0 + 1e-9),
            (unsigned long long)to_dev, (unsigned long long)to_host,
            busy_s > 0 ? (to_dev + to_host) / busy_s : 0.0, flt.corrupted, flt.dropped);
  }
  ww_vfpga_free(v);
  close(m);
  return 0;
}
