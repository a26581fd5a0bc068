enum Experiments {
    case newPaywall
    case compactTimeline
}

func paywall(_ lab: Lab) -> String {
    lab.variant(.newPaywall) ? "new" : "old"
}

let timeline = Experiments.compactTimeline
