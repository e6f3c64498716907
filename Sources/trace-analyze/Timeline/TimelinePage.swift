import TraceRules

/// Writes the timeline page: the template around the model's data.
enum TimelinePage {
    /// Writes the whole page to `sink`.
    static func write(_ model: TimelineModel, to sink: ByteSink) {
        sink.write(TimelinePageTemplate.head)
        TimelinePageData.write(model, to: JSONStream(sink: sink))
        sink.write(TimelinePageTemplate.tail)
    }
}
