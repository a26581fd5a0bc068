//
//  CourseDashboardViewController.swift
//  edX
//
//  Created by Salman on 24/10/2017.
//  Copyright © 2017 edX. All rights reserved.
//

import UIKit

class CourseDashboardViewController: UITabBarController, InterfaceOrientationOverriding {
    
     typealias Environment = OEXAnalyticsProvider & OEXConfigProvider & DataManagerProvider & NetworkManagerProvider & OEXRouterProvider & OEXInterfaceProvider & ReachabilityProvider & OEXSessionProvider & OEXStylesProvider & RemoteConfigProvider & ServerConfigProvider
    
    let courseID: String
    fileprivate var course: OEXCourse?
    private let environment: Environment
    fileprivate var tabBarItems : [TabBarItem] = []
    fileprivate let loadStateController: CourseDashboardLoadStateViewController
    private lazy var progressController : ProgressController = {
        ProgressController(owner: self, router: self.environment.router, dataInterface: self.environment.interface)
    }()
    private let shareButton = UIButton(frame: CGRect(x: 0, y: 0, width: 26, height: 26))
    private var navigationItems: [UIBarButtonItem] = []
    
    fileprivate let courseStream = BackedStream<UserCourseEnrollment>()
    
    init(environment: Environment, courseID: String) {
        self.environment = environment
        self.courseID = courseID
        
        loadStateController = CourseDashboardLoadStateViewController(environment: environment)
        
        super.init(nibName: nil, bundle: nil)
    }
    
    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
    
    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.backBarButtonItem = UIBarButtonItem(title: " ", style: .plain, target: nil, action: nil)
        view.accessibilityIdentifier = "CourseDashboardViewController: view"
        viewControllers = [loadStateController]
        loadCourseStream()
        delegate = self
        progressController.hideProgessView()
        
        NotificationCenter.default.oex_addObserver(observer:self , name: EnrollmentShared.successNotification) { (notification, observer, _) in
            if let message = notification.object as? String {
                observer.showOverlay(withMessage: message)
            }
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        
        navigationController?.setNavigationBarHidden(false, animated: true)
        environment.analytics.trackScreen(withName: OEXAnalyticsScreenCourseDashboard, courseID: courseID, value: nil)
    }
    
    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        // Dispose of any resources that can be recreated.
    }
    
    private func loadCourseStream() {
        courseStream.backWithStream(environment.dataManager.enrollmentManager.streamForCourseWithID(courseID: courseID))
        courseStream.listen(self) { [weak self] in
            self?.resultLoaded(result: $0)
        }
    }
    
    override var shouldAutorotate: Bool {
        return true
    }
    
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        return .allButUpsideDown
    }
    
    fileprivate func addNavigationItems(withCourse course: OEXCourse) {
        if navigationItems.isEmpty && course.course_about != nil && environment.config.courseSharingEnabled {
            let shareImage = Icon.ShareCourse.imageWithFontSize(size: 22)
            shareButton.setImage(shareImage, for: .normal)
            shareButton.tintColor = environment.styles.primaryBaseColor()
            shareButton.accessibilityLabel = Strings.Accessibility.shareACourse
            shareButton.oex_removeAllActions()
            shareButton.oex_addAction({[weak self] _ in
                self?.shareCourse(course: course)
                }, for: .touchUpInside)
            
            let shareItem = UIBarButtonItem(customView: shareButton)
            shareItem.accessibilityIdentifier = "CourseDashboardViewController:course-share-item"
            navigationItems.append(shareItem)
        } else {
            guard var originalItems = navigationItem.rightBarButtonItems, !originalItems.isEmpty else { return }
            for (itemIndex, element) in originalItems.enumerated() {
                if element.customView is DACircularProgressView {
                    originalItems.remove(at: itemIndex)
                    break
                }
            }
            navigationItems = originalItems
        }
        
        if let controller = selectedViewController as? CourseOutlineViewController, controller.courseOutlineMode == .full {
            navigationItems.append(progressController.navigationItem())
        }
        navigationItem.rightBarButtonItems = navigationItems
    }
    
    private lazy var courseOutlineController = CourseOutlineViewController(environment: environment, courseID: courseID, rootID: nil, forMode: .full)
    
    private func prepareTabViewData(withCourse course: OEXCourse) {
        
        tabBarItems = []
        
        var item = TabBarItem(title: Strings.Dashboard.courseCourseware, viewController: courseOutlineController, icon: Icon.Courseware, detailText: Strings.Dashboard.courseCourseDetail)
        tabBarItems.append(item)
        
        if environment.config.isCourseVideosEnabled {
           item = TabBarItem(title: Strings.Dashboard.courseVideos, viewController: CourseOutlineViewController(environment: environment, courseID: courseID, rootID: nil, forMode: .video), icon: Icon.CourseVideos, detailText: Strings.Dashboard.courseVideosDetail)
            tabBarItems.append(item)
        }
        
        if shouldShowDiscussions(course: course) {
            item = TabBarItem(title: Strings.Dashboard.courseDiscussion, viewController: DiscussionTopicsViewController(environment: environment, courseID: courseID), icon: Icon.Discussions, detailText: Strings.Dashboard.courseDiscussionDetail)
            tabBarItems.append(item)
        }
        
        if environment.config.courseDatesEnabled {
            item = TabBarItem(title: Strings.Dashboard.courseImportantDates, viewController: CourseDatesViewController(environment: environment , courseID: courseID), icon: Icon.Calendar, detailText: Strings.Dashboard.courseImportantDatesDetail)
            tabBarItems.append(item)
        }

        if shouldShowHandouts(course: course) {
            item = TabBarItem(title: Strings.Dashboard.courseHandouts, viewController: CourseHandoutsViewController(environment: environment, courseID: courseID), icon: Icon.Handouts, detailText: Strings.Dashboard.courseHandoutsDetail)
            tabBarItems.append(item)
        }
        
        if environment.config.isAnnouncementsEnabled {
            item = TabBarItem(title: Strings.Dashboard.courseAnnouncements, viewController: CourseAnnouncementsViewController(environment: environment, courseID: courseID), icon:Icon.Announcements, detailText: Strings.Dashboard.courseAnnouncementsDetail)
            tabBarItems.append(item)
        }
        
        if tabBarItems.count > 4 {
            var items = Array(tabBarItems[0..<4])
            let additionalItems = Array(tabBarItems[4..<tabBarItems.count])
            item = TabBarItem(title:Strings.resourses, viewController: AdditionalTabBarViewController(environment: environment, cellItems: additionalItems), icon: Icon.MoreOptionsIcon, detailText: "")
            
            items.append(item)
            loadTabBarViewControllers(tabBarItems: items)
        }
        else {
            loadTabBarViewControllers(tabBarItems: tabBarItems)
        }
    }
    
    private func loadTabBarViewControllers(tabBarItems: [TabBarItem]) {
        var controllers :[UIViewController] = []
        for tabBarItem in tabBarItems {
            let controller = tabBarItem.viewController
            controller.tabBarItem = UITabBarItem(title:tabBarItem.title, image:tabBarItem.icon.imageWithFontSize(size: 22), selectedImage: tabBarItem.icon.imageWithFontSize(size: 22))
            controller.tabBarItem.accessibilityIdentifier = "CourseDashboardViewController:tabbar-item-\(tabBarItem.title)"
            controllers.append(controller)
        }
        viewControllers = controllers
    }
    
    private func loadedCourse(withCourse course: OEXCourse) {
        title = course.name
        verifyAccess(forCourse: course)
    }
    
    private func resultLoaded(result : Result<UserCourseEnrollment>) {
        switch result {
        case let Result.success(enrollment):
            course = enrollment.course
            loadedCourse(withCourse: enrollment.course)
        case let Result.failure(error):
            if !courseStream.active {
                // enrollment list is cached locally, so if the stream is still active we may yet load the course
                // don't show failure until the stream is done
                loadStateController.loadController.state = LoadState.failed(error: error)
            }
        }
    }

    private func verifyAccess(forCourse course: OEXCourse){
        if let access = course.courseware_access, !access.has_access {
         loadStateController.loadController.state = LoadState.failed(error: OEXCoursewareAccessError(coursewareAccess: access, displayInfo: course.start_display_info), icon: Icon.UnknownError)
            setTabBarVisibility(visible: false, animated: true)
        }
        else {
            loadStateController.loadController.state = .Loaded
            prepareTabViewData(withCourse: course)
            addNavigationItems(withCourse: course)
        }
    }
    
    private func shouldShowDiscussions(course: OEXCourse) -> Bool {
        return environment.config.discussionsEnabled && course.hasDiscussionsEnabled
    }
    
    private func shouldShowHandouts(course: OEXCourse) -> Bool {
        return !(course.course_handouts?.isEmpty ?? true)
    }
    
    private func shareCourse(course: OEXCourse) {
        if let urlString = course.course_about, let url = NSURL(string: urlString) {
            let analytics = environment.analytics
            let courseID = self.courseID
            
            let controller = shareHashtaggedTextAndALink(textBuilder: { hashtagOrPlatform in
                Strings.shareACourse(platformName: hashtagOrPlatform)
            }, url: url, utmParams: course.courseShareUtmParams, analyticsCallback: { analyticsType in
                analytics.trackCourseShared(courseID: courseID, url: urlString, type: analyticsType)
            })
            controller.configurePresentationController(withSourceView: shareButton)
            present(controller, animated: true, completion: nil)
        }
    }
    
    // MARK: Deep Linking
    func switchTab(with type: DeepLinkType, componentID: String? = nil) {
        switch type {
        case .courseDashboard:
            selectedIndex = tabBarViewControllerIndex(with: CourseOutlineViewController.self, courseOutlineMode: .full)
            break
        case .courseComponent:
            selectedIndex = tabBarViewControllerIndex(with: CourseOutlineViewController.self, courseOutlineMode: .full)
            courseOutlineController.componentID = componentID
            break
        case .courseVideos:
            selectedIndex = tabBarViewControllerIndex(with: CourseOutlineViewController.self, courseOutlineMode: .video)
            break
        case .discussions, .discussionTopic, .discussionPost, .discussionComment:
            selectedIndex = tabBarViewControllerIndex(with: DiscussionTopicsViewController.self)
            break
        case .courseDates:
            selectedIndex = tabBarViewControllerIndex(with: CourseDatesViewController.self)
            break
        case .courseHandout:
            let index = tabBarViewControllerIndex(with: CourseHandoutsViewController.self)
            selectedIndex = (index == 0) ? tabBarViewControllerIndex(with: AdditionalTabBarViewController.self) : index
            break
        case .courseAnnouncement:
            let index = tabBarViewControllerIndex(with: CourseAnnouncementsViewController.self)
            selectedIndex = (index == 0) ? tabBarViewControllerIndex(with: AdditionalTabBarViewController.self) : index
            break
        default:
            selectedIndex = 0
            break
        }
    }
    
    deinit {
        NotificationCenter.default.removeObserver(self)
    }
}

extension UITabBarController {
    
    func setTabBarVisibility(visible: Bool, animated: Bool) {
        //* This cannot be called before viewDidLayoutSubviews(), because the frame is not set before this time
        
        // bail if the current state matches the desired state
        if (isTabBarVisible == visible) { return }
        
        // get a frame calculation ready
        let frame = tabBar.frame
        let height = frame.size.height
        let offsetY = (visible ? -height : height)
        
        // zero duration means no animation
        let duration: TimeInterval = (animated ? 0.4 : 0.0)
        
        //  animate the tabBar
        UIView.animate(withDuration: duration) {[weak self] in
            self?.tabBar.frame = frame.offsetBy(dx: 0, dy: offsetY)
        }
    }
    
    private var isTabBarVisible: Bool {
        return tabBar.frame.origin.y < self.view.frame.maxY
    }
}

extension CourseDashboardViewController: UITabBarControllerDelegate {
    
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        navigationItem.title = viewController.navigationItem.title
        if let course = course {
            addNavigationItems(withCourse: course)
        }
        
        if let outlineController = viewController as? CourseOutlineViewController {
            outlineController.reloadData()
        }
    }
}

// MARK: Testing
extension CourseDashboardViewController {

    func t_canVisitDiscussions() -> Bool {
        return tabBarItems.firstIndexMatching({ (item: TabBarItem) in return item.icon == .Discussions }) != nil
    }

    func t_canVisitHandouts() -> Bool {
        return tabBarItems.firstIndexMatching({ (item: TabBarItem) in return item.icon == .Handouts }) != nil
    }

    func t_canVisitAnnouncements() -> Bool {
        return tabBarItems.firstIndexMatching({ (item: TabBarItem) in return item.icon == .Announcements }) != nil
    }
    
    var t_state : LoadState {
        return loadStateController.loadController.state
    }

    var t_loaded : OEXStream<()> {
        return courseStream.map {_ in () }
    }
    
    func t_items() -> [TabBarItem] {
        return tabBarItems
    }
}

extension UITabBarController {
    
    var currentVisibleController: UIViewController? {
        guard let viewControllers = viewControllers else {
            return nil
        }
        
        for (index, controller) in viewControllers.enumerated() {
            if index == selectedIndex {
                return controller
            }
        }
        
        return nil
    }
    
    func tabBarViewControllerIndex(with controller: AnyClass, courseOutlineMode: CourseOutlineMode? = .full) -> Int {
        guard let viewControllers = viewControllers else {
            return 0
        }
        
        for (index, viewController) in viewControllers.enumerated() {
            if viewController.isKind(of: controller) {
                if let viewController = viewController as? CourseOutlineViewController,
                   viewController.courseOutlineMode == courseOutlineMode {
                    return index
                } else {
                    return index
                }
            } else if let forwardingNavigationController = viewController as? ForwardingNavigationController,
                      let rootViewController = forwardingNavigationController.viewControllers.first,
                      rootViewController.isKind(of: controller) {
                return index
            }
        }
        return 0
    }
    
    func titleOfViewController(index: Int) -> String {
        guard let viewControllers = viewControllers else {
            return ""
        }

        return viewControllers[index].navigationItem.title ?? ""
    }
    
    func tabBarViewController<T: UIViewController>(_ controller: T.Type) -> T? {
        guard let viewControllers = viewControllers else {
            return nil
        }
        
        for viewController in viewControllers {
            if viewController.isKind(of: controller) {
                return viewController as? T
            } else if let forwardingNavigationController = viewController as? ForwardingNavigationController,
                      let rootViewController = forwardingNavigationController.viewControllers.first,
                      rootViewController.isKind(of: controller) {
                return rootViewController as? T
            }
        }
        return nil
    }
}
