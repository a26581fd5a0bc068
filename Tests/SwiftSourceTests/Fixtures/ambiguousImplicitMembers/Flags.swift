enum PaymentsFeature: String {
    case checkout = "payments_checkout"
}

enum OnboardingFeature: String {
    case checkout = "onboarding_checkout"
}

func render(flags: Flags) {
    if flags.isEnabled(.checkout) { print("which checkout?") }
    if flags.isEnabled(PaymentsFeature.checkout) { print("payments") }
}
