/// Takes elements from `stream` until `enough` says so or `timeout` passes; returns what arrived.
func collect<Element: Sendable>(_ stream: AsyncStream<Element>, timeout: Duration,
                                until enough: @escaping @Sendable ([Element]) -> Bool) async -> [Element] {
    await withTaskGroup(of: [Element]?.self) { group in
        group.addTask {
            var taken: [Element] = []
            for await element in stream {
                taken.append(element)
                if enough(taken) { break }
            }
            return taken
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        // The sleeper returns nil; the collector returns what it has (cancellation ends its loop).
        var result: [Element] = []
        while let next = await group.next() {
            if let taken = next { result = taken; break }
            group.cancelAll()
        }
        return result
    }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}
