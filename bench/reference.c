/*
 * The C reference for bench/run.sh: what a plain, careful C program does with the benchmark
 * logs, so our ingest can be quoted as a ratio to it rather than as seconds on a noisy machine.
 *
 *   reference LOG DB
 *   reference --read-only LOG      the same parse, no store (what `check` is held to)
 *
 * It reads LOG line by line, parses each line with the rules of thumb trace-analyze uses for
 * the shapes bench/generate.py writes, and inserts one row per line into a fresh table in DB
 * (WAL, synchronous=NORMAL, one prepared statement, one transaction). Prints nothing on
 * success; on failure it names the step and exits 1.
 *
 * The envelopes it knows:
 *   NSLog:           2023-11-14 22:13:05.123456+0100 MyApp[4242:1003] MESSAGE
 *   log stream --style compact:
 *                    2023-11-14 22:13:05.123 I  MyApp[4242:9875ec] [subsystem:category] MESSAGE
 *   anything else:   the whole line is the message, without a time.
 * The messages it knows:
 *   `Type: tok, tok changed.` / `Type: unchanged.`  body (tokens start with @, _ or \)
 *   `View init|deinit|appear|disappear`             that kind, view View
 *   `Owner Model init|deinit|appear|disappear`      that kind, view Model (the owner is dropped)
 *   `trace-analyze: kind=K view=V [id=I] ...`       K, V, instance I (logfmt, bare or "quoted")
 *   anything else                                   text
 *
 * The seven columns, and why these: trace_id and line identify the row as in our events table;
 * ts costs the calendar arithmetic our envelope parsers do; kind, view and instance are what
 * the rules read; message is the text without its envelope, the largest column we store.
 * Our ingest stores ten more (process, pid, tid, subsystem, category, owner, origin, envelope,
 * level, duration_ms) and the printChanges tokens: part of the ratio is that extra work, so it
 * bounds what we waste from above rather than measuring it.
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A piece of the current line; never owned, valid until the next line is read. */
struct span {
    const char *at;
    size_t len;
};

/* One parsed line: the columns besides trace_id and line. */
struct row {
    int has_ts;
    double ts;
    const char *kind; /* a static string */
    struct span view; /* len 0: NULL */
    struct span instance;
    struct span message;
};

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int is_ident_start(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || (unsigned char)c >= 0x80;
}

static int is_ident(char c) { return is_ident_start(c) || is_digit(c) || c == '.'; }

/* The value of n digits at p; -1 when one of them is not a digit. */
static int digits(const char *p, int n) {
    int value = 0;
    for (int i = 0; i < n; i++) {
        if (!is_digit(p[i])) return -1;
        value = value * 10 + (p[i] - '0');
    }
    return value;
}

/* Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
static long days_from_civil(long y, long m, long d) {
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/*
 * Reads `YYYY-MM-DD HH:MM:SS.fff` at the start of s (n bytes): the epoch seconds as UTC and
 * the offset just past the fraction; 0 when s does not start with one.
 */
static size_t parse_time(const char *s, size_t n, double *seconds) {
    if (n < 20 || s[4] != '-' || s[7] != '-' || s[10] != ' ' || s[13] != ':' || s[16] != ':') return 0;
    int year = digits(s, 4), month = digits(s + 5, 2), day = digits(s + 8, 2);
    int hour = digits(s + 11, 2), minute = digits(s + 14, 2), second = digits(s + 17, 2);
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0
        || minute > 59 || second < 0 || second > 60)
        return 0;
    size_t at = 19;
    double fraction = 0, scale = 0.1;
    if (at < n && s[at] == '.') {
        at++;
        while (at < n && is_digit(s[at])) {
            fraction += (s[at] - '0') * scale;
            scale /= 10;
            at++;
        }
    }
    *seconds = (double)days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second + fraction;
    return at;
}

/* Skips `Process[pid:tid] ` from s[at]; the offset after it, or 0 when it is not there. */
static size_t skip_process(const char *s, size_t n, size_t at) {
    size_t open = at;
    while (open < n && s[open] != '[') open++;
    if (open == at || open == n) return 0;
    size_t close = open + 1;
    while (close < n && s[close] != ']') close++;
    if (close == n || memchr(s + open, ':', close - open) == NULL) return 0;
    if (close + 1 < n && s[close + 1] != ' ') return 0;
    return close + 1 < n ? close + 2 : n;
}

/* Sets row->message (and the time) from the line's envelope. */
static void parse_envelope(const char *s, size_t n, struct row *row) {
    row->has_ts = 0;
    row->message = (struct span){s, n};
    double seconds;
    size_t at = parse_time(s, n, &seconds);
    if (at == 0 || at >= n) return;
    if (s[at] == '+' || s[at] == '-') {
        /* NSLog: the time carries its UTC offset. */
        if (at + 6 >= n || s[at + 5] != ' ') return;
        int offset = digits(s + at + 1, 4);
        if (offset < 0) return;
        size_t message = skip_process(s, n, at + 6);
        if (message == 0) return;
        int sign = s[at] == '+' ? 1 : -1;
        seconds -= sign * ((offset / 100) * 3600 + (offset % 100) * 60);
        row->has_ts = 1;
        row->ts = seconds;
        row->message = (struct span){s + message, n - message};
        return;
    }
    if (s[at] != ' ') return;
    /* Compact: a type code, spaces, the process, then an optional [subsystem:category]. */
    at++;
    size_t code = at;
    while (at < n && ((s[at] >= 'A' && s[at] <= 'Z') || (s[at] >= 'a' && s[at] <= 'z'))) at++;
    if (at == code || at - code > 2 || at >= n || s[at] != ' ') return;
    while (at < n && s[at] == ' ') at++;
    size_t message = skip_process(s, n, at);
    if (message == 0) return;
    if (message < n && s[message] == '[') {
        const char *close = memchr(s + message, ']', n - message);
        if (close != NULL && memchr(s + message, ':', (size_t)(close - (s + message))) != NULL) {
            message = (size_t)(close - s) + 1;
            if (message < n && s[message] == ' ') message++;
        }
    }
    row->has_ts = 1;
    row->ts = seconds;
    row->message = (struct span){s + message, n - message};
}

/* `Type: tok, tok changed.` or `Type: unchanged.`: sets the view and returns 1. */
static int parse_print_changes(struct span m, struct row *row) {
    const char *s = m.at;
    size_t n = m.len, at = 0;
    if (n == 0 || !is_ident_start(s[0])) return 0;
    while (at < n && (is_ident(s[at]) || s[at] == '<' || s[at] == '>')) at++;
    if (at + 2 >= n || s[at] != ':' || s[at + 1] != ' ') return 0;
    struct span view = {s, at};
    const char *body = s + at + 2;
    size_t left = n - at - 2;
    if ((left == 10 && memcmp(body, "unchanged.", 10) == 0)
        || (left > 9 && memcmp(body + left - 9, " changed.", 9) == 0 && (body[0] == '@' || body[0] == '_' || body[0] == '\\'))) {
        row->kind = "body";
        row->view = view;
        return 1;
    }
    return 0;
}

/* The lifecycle kind a word names, or NULL. */
static const char *lifecycle_kind(const char *w, size_t n) {
    if (n == 4 && memcmp(w, "init", 4) == 0) return "init";
    if (n == 6 && memcmp(w, "deinit", 6) == 0) return "deinit";
    if (n == 6 && memcmp(w, "appear", 6) == 0) return "appear";
    if (n == 9 && memcmp(w, "disappear", 9) == 0) return "disappear";
    return NULL;
}

/* `View kind` or `Owner Model kind`: sets kind and view and returns 1. */
static int parse_lifecycle(struct span m, struct row *row) {
    struct span words[3];
    int count = 0;
    size_t at = 0;
    while (at < m.len) {
        size_t start = at;
        while (at < m.len && m.at[at] != ' ') at++;
        if (at == start || count == 3) return 0;
        words[count++] = (struct span){m.at + start, at - start};
        if (at < m.len) at++;
    }
    if (count < 2) return 0;
    const char *kind = lifecycle_kind(words[count - 1].at, words[count - 1].len);
    if (kind == NULL) return 0;
    for (int i = 0; i < count - 1; i++) {
        if (!is_ident_start(words[i].at[0])) return 0;
        for (size_t j = 1; j < words[i].len; j++)
            if (!is_ident(words[i].at[j])) return 0;
    }
    row->kind = kind;
    row->view = words[count - 2];
    return 1;
}

/* `trace-analyze: kind=K view=V id=I ...`: sets kind, view and instance and returns 1. */
static int parse_structured(struct span m, struct row *row) {
    static const char marker[] = "trace-analyze:";
    size_t at = sizeof marker - 1;
    if (m.len < at || memcmp(m.at, marker, at) != 0 || (at < m.len && m.at[at] != ' ')) return 0;
    const char *kind = NULL;
    struct span view = {NULL, 0}, instance = {NULL, 0};
    while (at < m.len) {
        while (at < m.len && m.at[at] == ' ') at++;
        if (at == m.len) break;
        size_t key = at;
        while (at < m.len && m.at[at] != '=' && m.at[at] != ' ') at++;
        if (at == m.len || m.at[at] != '=' || at == key) return 0;
        size_t key_len = at - key;
        at++;
        struct span value;
        if (at < m.len && m.at[at] == '"') {
            size_t start = ++at;
            while (at < m.len && m.at[at] != '"') at += m.at[at] == '\\' ? 2 : 1;
            if (at >= m.len) return 0;
            value = (struct span){m.at + start, at - start};
            at++;
        } else {
            size_t start = at;
            while (at < m.len && m.at[at] != ' ') at++;
            value = (struct span){m.at + start, at - start};
        }
        const char *k = m.at + key;
        if (key_len == 4 && memcmp(k, "kind", 4) == 0) {
            kind = lifecycle_kind(value.at, value.len);
            if (kind == NULL && value.len == 4 && memcmp(value.at, "body", 4) == 0) kind = "body";
            if (kind == NULL) return 0;
        } else if (key_len == 4 && memcmp(k, "view", 4) == 0) {
            view = value;
        } else if (key_len == 2 && memcmp(k, "id", 2) == 0) {
            instance = value;
        }
    }
    if (kind == NULL || view.len == 0) return 0;
    row->kind = kind;
    row->view = view;
    row->instance = instance;
    return 1;
}

/* Parses one line (without its newline) into row. */
static void parse_line(const char *s, size_t n, struct row *row) {
    parse_envelope(s, n, row);
    row->kind = "text";
    row->view = (struct span){NULL, 0};
    row->instance = (struct span){NULL, 0};
    if (parse_structured(row->message, row)) return;
    if (parse_print_changes(row->message, row)) return;
    parse_lifecycle(row->message, row);
}

static sqlite3 *db;

/* Exits with the step's name and SQLite's message unless rc is expected. */
static void check(int rc, int expected, const char *step) {
    if (rc == expected) return;
    fprintf(stderr, "reference: %s: %s\n", step, db != NULL ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    exit(1);
}

static void exec(const char *sql) { check(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK, sql); }

static int bind_span(sqlite3_stmt *insert, int index, struct span value) {
    if (value.len == 0) return sqlite3_bind_null(insert, index);
    return sqlite3_bind_text(insert, index, value.at, (int)value.len, SQLITE_STATIC);
}

/* `reference --read-only LOG`: the same reading and parsing, no store. What `check` is held to:
 * its report needs the findings, not a table of events. The rows' kinds and views are summed
 * into a figure it prints, so the compiler cannot drop the parse as unused. */
static int read_only(const char *path) {
    FILE *log = fopen(path, "r");
    if (log == NULL) {
        perror(path);
        return 1;
    }
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    unsigned long rows = 0, named = 0, bytes = 0;
    double times = 0;
    struct row row;
    while ((length = getline(&line, &capacity, log)) >= 0) {
        rows++;
        if (length > 0 && line[length - 1] == '\n') length--;
        if (length > 0 && line[length - 1] == '\r') length--;
        parse_line(line, (size_t)length, &row);
        if (row.view.len > 0) named++;
        if (row.has_ts) times += row.ts;
        bytes += row.message.len + row.kind[0];
    }
    if (ferror(log)) {
        perror(path);
        return 1;
    }
    free(line);
    fclose(log);
    printf("%lu rows, %lu naming a view, %lu bytes, %.0f\n", rows, named, bytes, times);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--read-only") == 0) return read_only(argv[2]);
    if (argc != 3) {
        fprintf(stderr, "usage: reference LOG DB | reference --read-only LOG\n");
        return 1;
    }
    FILE *log = fopen(argv[1], "r");
    if (log == NULL) {
        perror(argv[1]);
        return 1;
    }
    check(sqlite3_open(argv[2], &db), SQLITE_OK, "open the database");
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=NORMAL");
    exec("DROP TABLE IF EXISTS events");
    exec("CREATE TABLE events (trace_id INTEGER NOT NULL, line INTEGER NOT NULL, ts REAL, kind TEXT NOT NULL,"
         " view TEXT, instance TEXT, message TEXT NOT NULL)");
    sqlite3_stmt *insert;
    check(sqlite3_prepare_v2(db, "INSERT INTO events VALUES (1, ?, ?, ?, ?, ?, ?)", -1, &insert, NULL), SQLITE_OK,
          "prepare the insert");
    exec("BEGIN");

    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    long number = 0;
    struct row row;
    while ((length = getline(&line, &capacity, log)) >= 0) {
        number++;
        if (length > 0 && line[length - 1] == '\n') length--;
        if (length > 0 && line[length - 1] == '\r') length--;
        parse_line(line, (size_t)length, &row);
        check(sqlite3_bind_int64(insert, 1, number), SQLITE_OK, "bind line");
        check(row.has_ts ? sqlite3_bind_double(insert, 2, row.ts) : sqlite3_bind_null(insert, 2), SQLITE_OK, "bind ts");
        check(sqlite3_bind_text(insert, 3, row.kind, -1, SQLITE_STATIC), SQLITE_OK, "bind kind");
        check(bind_span(insert, 4, row.view), SQLITE_OK, "bind view");
        check(bind_span(insert, 5, row.instance), SQLITE_OK, "bind instance");
        check(sqlite3_bind_text(insert, 6, row.message.at, (int)row.message.len, SQLITE_STATIC), SQLITE_OK,
              "bind message");
        check(sqlite3_step(insert), SQLITE_DONE, "insert a row");
        check(sqlite3_reset(insert), SQLITE_OK, "reset the insert");
    }
    if (ferror(log)) {
        perror(argv[1]);
        return 1;
    }
    free(line);
    fclose(log);
    exec("COMMIT");
    check(sqlite3_finalize(insert), SQLITE_OK, "finalize the insert");
    check(sqlite3_close(db), SQLITE_OK, "close the database");
    return 0;
}
