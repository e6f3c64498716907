#!/usr/bin/env python3
"""Writes a synthetic `xctrace export` of `swiftui-updates` and `hitches` of about SIZE bytes
to stdout, for bench/instruments.sh.

Rows follow the Xcode 27 column set of fixtures/instruments (see its README) and the encoding
of real exports: a value's first use carries id= and fmt=, later ones ref=. Start times,
durations, update ids and cause sets are new on every row (so the id table sees a new id several
times a row, as in a real recording); view names, modules, severities, threads and processes are
refs. One update in 5,000 never finished; a hitch every 20,000 rows.

    bench/generate_instruments.py 1000000000 > bench/out/updates-1g.xml
"""
import sys

VIEWS = ["ListRow", "ContentView", "HeaderView", "AvatarView", "PriceLabel", "FeedCell", "TabBar", "SearchField"]
CAUSES = ["@State: count", "Parent", "@Environment: colorScheme", "Observation: Model.items", "Creation"]
SEVERITIES = ["Very Low", "Low", "Medium", "High"]
COLUMNS = [
    ("start", "start-time"), ("duration", "duration"), ("id", "uint32"), ("update-type", "swiftui-update"),
    ("allocations", "event-count"), ("description", "string"), ("category", "string"),
    ("view-hierarchy", "view-hierarchy"), ("module", "string"), ("view-name", "string"), ("process", "process"),
    ("thread", "thread"), ("root-causes", "description-set"), ("severity", "event-concept"),
    ("downstream-cost", "duration"), ("downstream-events", "cause-set"), ("cause-graph-node", "typed-array"),
    ("full-cause-graph-node", "typed-array"),
]


def main():
    size = int(float(sys.argv[1])) if len(sys.argv) > 1 else 1_000_000_000
    out = sys.stdout.buffer
    written = 0

    def write(text):
        nonlocal written
        data = text.encode()
        written += len(data)
        out.write(data)

    next_id = 1
    shared = {}

    def new_id():
        nonlocal next_id
        next_id += 1
        return next_id - 1

    def once(key, make):
        """The element for a repeated value: defined the first time, ref= after."""
        if key in shared:
            tag, ident = shared[key]
            return f'<{tag} ref="{ident}"/>'
        ident = new_id()
        tag, text = make(ident)
        shared[key] = (tag, ident)
        return text

    write('<?xml version="1.0"?>\n<trace-query-result>\n')
    write("<node xpath='//trace-toc[1]/run[1]/data[1]/table[9]'><schema name=\"swiftui-updates\">")
    write("".join(f"<col><mnemonic>{m}</mnemonic><name>{m}</name><engineering-type>{t}</engineering-type></col>" for m, t in COLUMNS))
    write("</schema>\n")
    process = lambda: once("process", lambda i: ("process", f'<process id="{i}" fmt="MyApp (1001)"><pid id="{new_id()}" fmt="1001">1001</pid></process>'))
    hierarchy = lambda: once("hierarchy", lambda i: ("view-hierarchy", f'<view-hierarchy id="{i}" fmt="">{process()}</view-hierarchy>'))
    thread = lambda: once("thread", lambda i: ("thread", f'<thread id="{i}" fmt="Main Thread (0x1e9000)"><tid id="{new_id()}" fmt="0x1e9000">2003968</tid>{process()}</thread>'))
    row = 0
    start = 1_000_000_000
    hitches = []
    chunk = []
    while written < size - 4096:
        row += 1
        view = VIEWS[row % 7 % len(VIEWS)] if row % 3 else "ListRow"
        cause = CAUSES[row % len(CAUSES)]
        severity = SEVERITIES[row % 13 % len(SEVERITIES)]
        duration = 18446744073709551615 if row % 5000 == 0 else 40_000 + (row * 7919) % 900_000
        start += 120_000 + (row * 104_729) % 400_000
        if row % 20000 == 0:
            hitches.append((start, 16_666_666 * (1 + row % 3)))
        ids = [new_id() for _ in range(7)]
        string = lambda text: once(("s", text), lambda i: ("string", f'<string id="{i}" fmt="{text}">{text}</string>'))
        body = once("type", lambda i: ("swiftui-update", f'<swiftui-update id="{i}" fmt="View Body">View Body</swiftui-update>'))
        node = lambda: once(("node", view), lambda i: ("typed-array", f'<typed-array id="{i}" fmt="{view}, blue, square, n/a, n/a">{string(view)}{string("blue")}{string("square")}<sentinel/><sentinel/></typed-array>'))
        count = row % 5
        allocations = once(("alloc", count), lambda i: ("event-count", f'<event-count id="{i}" fmt="{count}">{count}</event-count>'))
        concept = once(("sev", severity), lambda i: ("event-concept", f'<event-concept id="{i}" fmt="{severity}">{severity}</event-concept>'))
        chunk.append(
            f'<row><start-time id="{ids[0]}" fmt="{start}">{start}</start-time>'
            f'<duration id="{ids[1]}" fmt="{duration / 1e6:.2f} ms">{duration}</duration>'
            f'<uint32 id="{ids[2]}" fmt="{row}">{row}</uint32>{body}'
            f'{allocations}'
            f'{string(view + ".body")}{string("Update")}{hierarchy()}{string("MyApp")}{string(view)}{process()}{thread()}'
            f'<description-set id="{ids[3]}" fmt="{cause}"><uint64 id="{ids[4]}" fmt="{row}">{row}</uint64></description-set>'
            f'{concept}'
            f'<duration id="{ids[5]}" fmt="{duration / 1e6:.2f} ms">{duration}</duration>'
            f'<cause-set id="{ids[6]}" fmt="1 events"><uint64 ref="{ids[4]}"/></cause-set>{node()}{node()}</row>\n'
        )
        if len(chunk) == 2000:
            write("".join(chunk))
            chunk = []
    write("".join(chunk))
    write("</node>\n<node xpath='//trace-toc[1]/run[1]/data[1]/table[8]'><schema name=\"hitches\">"
          "<col><mnemonic>start</mnemonic><name>Start</name><engineering-type>start-time</engineering-type></col>"
          "<col><mnemonic>duration</mnemonic><name>Duration</name><engineering-type>duration</engineering-type></col></schema>\n")
    for hitch_start, hitch_duration in hitches:
        write(f'<row><start-time id="{new_id()}" fmt="{hitch_start}">{hitch_start}</start-time>'
              f'<duration id="{new_id()}" fmt="{hitch_duration / 1e6:.2f} ms">{hitch_duration}</duration></row>\n')
    write("</node></trace-query-result>\n")


if __name__ == "__main__":
    main()
