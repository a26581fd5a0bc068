#!/usr/bin/env bash
# Writes this repository's own events/ through the CLI: the toggles of the Moments app and
# the Planet Tour app, with the dates they really changed. The first part runs only on an
# empty events/ (its ids are new ULIDs); later parts give fixed ids, so running the script
# again on the existing log appends only what is missing (an id already in the log is a
# no-op) and never touches what is there: the log is append-only. It is kept to show how the
# log was made (every line came from `toggles`).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product toggles >/dev/null
t() { .build/debug/toggles "$@"; }

if [ -z "$(find events -name '*.jsonl' 2>/dev/null | head -n 1)" ]; then

# Moments: build targets decide at compile time.
for target in debug internal production; do
  t create "$target" --kind build --type bool --default "$([ $target = debug ] && echo true || echo false)" \
    --category permission --owner ios-platform@moments.example \
    --description "BuildTargetToggle.$target: set by the $target build configuration" \
    --at 2025-03-03T09:15:00Z --actor jake.lin@moments.example
done

# Moments: internal (local) toggles, switched in the internal menu.
t create isLikeButtonForMomentEnabled --kind local --type bool --default false --category release \
  --owner jake.lin@moments.example --description "Like button on each moment in the timeline" \
  --at 2026-03-02T10:04:00Z --actor jake.lin@moments.example
t change isLikeButtonForMomentEnabled --default true --at 2026-05-04T16:30:00Z --actor jake.lin@moments.example
t create isSwiftUIEnabled --kind local --type bool --default false --category release \
  --owner ui-team@moments.example --description "Render the moments timeline with SwiftUI instead of UIKit" \
  --at 2026-02-09T08:00:00Z --actor mei.chen@moments.example

# Moments: remote toggles, published from the Firebase console.
t create isRoundedAvatar --kind remote --type bool --default false --category experiment \
  --owner mei.chen@moments.example --description "Rounded avatars; trying them with Chinese users first" \
  --expires 2026-10-31 --at 2026-06-15T09:30:00Z --actor mei.chen@moments.example
t publish isRoundedAvatar --value false --when "Chinese users" "device.language in ['zh']" true \
  --template-version 41 --at 2026-07-01T07:45:00Z --actor mei.chen@moments.example
t create isPaymentsKillSwitchOn --kind remote --type bool --default false --category kill-switch \
  --owner payments@moments.example --description "Turns moment tipping off if the payment provider fails" \
  --at 2026-01-20T14:00:00Z --actor ops@moments.example
t create isNewOnboardingEnabled --kind remote --type bool --default false --category release \
  --owner growth@moments.example --description "Three-step onboarding instead of the single sign-up screen" \
  --at 2025-11-03T11:00:00Z --actor growth@moments.example
t publish isNewOnboardingEnabled --value true --template-version 29 --at 2025-12-01T09:00:00Z --actor growth@moments.example
t remove isNewOnboardingEnabled --reason "launched in 2.4; flag and old screen deleted" \
  --at 2026-01-15T13:20:00Z --actor jake.lin@moments.example
t create isStoriesEnabled --kind remote --type bool --default false --category release \
  --owner stories@moments.example --description "Stories bar above the timeline" --expires 2027-02-28 \
  --at 2026-11-10T10:00:00Z --actor stories@moments.example

# Planet Tour: the Firebase Remote Config codelab's parameters.
t create appPrimaryColor --kind remote --type string --default '#FBB03B' --category remote-config \
  --owner planet-tour@example.com --description "Primary colour of the app's chrome" \
  --at 2026-04-20T15:00:00Z --actor planet-tour@example.com
t publish appPrimaryColor --value '#36C278' --template-version 7 --at 2026-05-12T12:00:00Z --actor planet-tour@example.com
t create shouldWeIncludePluto --kind remote --type bool --default false --category experiment \
  --owner planet-tour@example.com --description "Show Pluto among the planets" \
  --at 2026-04-20T15:05:00Z --actor planet-tour@example.com
t publish shouldWeIncludePluto --value false \
  --when "Pluto Fans" "device.country in ['DK', 'SE', 'NO', 'IS', 'FI']" true \
  --template-version 7 --at 2026-05-12T12:00:00Z --actor planet-tour@example.com
t create planetImageScaleFactor --kind remote --type number --default 0.5 --category remote-config \
  --owner planet-tour@example.com --description "Scale of the planet images" \
  --at 2026-04-20T15:10:00Z --actor planet-tour@example.com
t publish planetImageScaleFactor --value 0.33 --template-version 7 --at 2026-05-12T12:00:00Z --actor planet-tour@example.com
fi

# The app versions Moments supports, and a toggle removed from the code in 2.5.0 whose remote
# parameter 2.3 and 2.4 still read: it waits for retirement until the forced update to 2.5,
# then `toggles report` asks for its deletion (retire-remote). See docs/policy.md.
t support --minimum 2.3 --reason "2.2 and older cannot sign in since the auth migration; forced update" \
  --at 2026-03-02T09:00:00Z --actor ios-platform@moments.example --id seed-20-minimum-2.3
t remove isRoundedAvatar --app-version 2.5.0 --reason "rounded avatars for everyone from 2.5; flag and square avatars deleted" \
  --at 2026-11-12T10:00:00Z --actor mei.chen@moments.example --id seed-20-isRoundedAvatar-code-removed
t support --minimum 2.5.0 --reason "forced update to 2.5: 2.4 and older are under 1% of sessions" \
  --at 2026-11-24T09:00:00Z --actor ios-platform@moments.example --id seed-20-minimum-2.5.0
