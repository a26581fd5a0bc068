enum Experiments {
    case newPaywall
}

func paywall(_ lab: Lab) -> String {
    lab.variant(.newPaywall) ? "new" : "old"
}
