import TraceRules

/// Writes the timeline page: the template around the model's data.
enum TimelinePage {
    /// Writes the whole page of an exactly drawn trace to `sink`.
    static func write(_ model: TimelineModel, to sink: ByteSink) {
        sink.write(TimelinePageTemplate.head)
        TimelinePageData.write(model, to: JSONStream(sink: sink))
        sink.write(TimelinePageTemplate.tail)
    }

    /// Writes the whole page of a summarised trace to `sink`; `command` draws a range exactly.
    static func write(_ summary: TimelineSummary, command: String, to sink: ByteSink) {
        sink.write(TimelinePageTemplate.head)
        TimelineSummaryData.write(summary, command: command, to: JSONStream(sink: sink))
        sink.write(TimelinePageTemplate.tail)
    }

    /// Writes a page to `path` (`-` for stdout) with `write`; a page that cannot be finished
    /// leaves no partial file behind.
    static func write(to path: String, _ write: (ByteSink) -> Void) throws {
        let sink = try ByteSink(path: path, what: "timeline page")
        write(sink)
        do { try sink.finish() } catch { sink.abandon(); throw error }
    }
}
