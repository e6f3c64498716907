import TraceModel

/// The rows beside an event's: a warning's fields, a count other than one, an endless note,
/// and the `_printChanges` tokens (`changes`), written in the same transaction as their events.
extension EventWriter {
    /// Records that event `eventID` happened `count` times (`multiplicities`).
    func storeMultiplicity(_ count: Int, eventID: Int) throws {
        insertMultiplicity.rewind()
        insertMultiplicity.bind(eventID, at: 1)
        insertMultiplicity.bind(count, at: 2)
        _ = try insertMultiplicity.step()
    }

    /// Records that the author wrote, `note.distance` lines after event `eventID`'s line `line`,
    /// that what led up to it goes on without end (`endless_notes`).
    func storeEndlessNote(_ note: EndlessNote.Mark, after line: Int, eventID: Int) throws {
        insertEndlessNote.rewind()
        insertEndlessNote.bind(eventID, at: 1)
        insertEndlessNote.bind(line + Int(note.distance), at: 2)
        insertEndlessNote.bind(note.words.text, at: 3)
        _ = try insertEndlessNote.step()
    }

    /// Reads the warning again from its message (`Event.warning`): events carry no field for
    /// it, because every event would pay to copy one.
    func storeWarning(of message: String, eventID: Int) throws {
        var message = message
        guard let warning = message.withUTF8({ SwiftUIWarning.parse(UnsafeRawBufferPointer($0)) }) else { return }
        insertWarning.rewind()
        insertWarning.clearBindings()
        insertWarning.bind(eventID, at: 1)
        insertWarning.bind(warning.identifier.rawValue, at: 2)
        insertWarning.bind(warning.type, at: 3)
        insertWarning.bind(warning.elementID, at: 4)
        insertWarning.bind(warning.attribute, at: 5)
        _ = try insertWarning.step()
    }


    func pendingChange(eventID: Int, position: Int, token: String) {
        changeArena.pointee.add(token, at: Int32(changeRows.pointee.count * 3 + 3))
        changeRows.pointee.append((eventID, position))
    }

    /// Writes the change rows waiting, if any.
    func flushChanges() throws {
        let count = changeRows.pointee.count
        guard count > 0 else { return }
        let statement = insertChanges[count - 1]
        statement.rewind()
        let slots = (count - 1) * Self.changeRowsPerStatement
        for row in 0..<count {
            let change = changeRows.pointee[row]
            let base = Int32(row * 3)
            statement.bind(change.eventID, at: base + 1)
            changePositions.bind(change.position, slot: slots + row, at: base + 2, of: statement)
        }
        changeRows.pointee.removeAll(keepingCapacity: true)
        try changeArena.pointee.bind(to: statement) { _ = try statement.step() }
    }
}
