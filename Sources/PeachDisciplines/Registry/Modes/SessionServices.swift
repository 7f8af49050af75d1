/// What the composition root offers the modes' sessions beyond what every session takes, each under the type it
/// is offered as (a core port or value: the tuning controls' router as `any TunableNoteObserver`, the measured
/// latencies as `TimingLatencies`). A mode names the ones it takes (`TrainingMode.services`) and takes them by
/// type, so the root names no discipline's needs and a new need touches no field of `SessionDependencies`.
@MainActor
public struct SessionServices {
    private var offered: [ObjectIdentifier: Any] = [:]

    public init() {}

    /// Offers `service` under its static type: pass an existential (`router as any TunableNoteObserver`) to offer
    /// it as the protocol.
    public mutating func offer<Service>(_ service: Service) {
        offered[ObjectIdentifier(Service.self)] = service
    }

    /// The service offered as `type`, or nil.
    public subscript<Service>(_ type: Service.Type) -> Service? {
        offered[ObjectIdentifier(type)] as? Service
    }

    public func offers(_ need: ServiceNeed) -> Bool { offered[need.id] != nil }
}

/// A service a mode takes, named by the type it is offered as.
public struct ServiceNeed: Hashable, Sendable, CustomStringConvertible {
    let id: ObjectIdentifier
    public let description: String

    public static func of<Service>(_ type: Service.Type) -> ServiceNeed {
        ServiceNeed(id: ObjectIdentifier(type), description: String(describing: type))
    }
}
