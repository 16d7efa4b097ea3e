/**
 * The built-in, read-only "Diagnostics" collection: queries a site admin runs to understand an
 * instance. Every recipe is validated against the real instance schema
 * (test/fixtures/sourcegraph-schema/) and the sandbox's (server/sandbox/instance/schema.graphql)
 * in src/features/console/collections/diagnostics.test.ts, so fields named here exist in both. It lives
 * with the contracts because the console, the sandbox's tests and the e2e tests all read it.
 */
export interface DiagnosticsRecipe {
  /** Unique within the collection; shown as the button's name. */
  name: string;
  /** What the recipe tells an admin, shown under its name. */
  description: string;
  query: string;
  variables?: string;
}

export const DIAGNOSTICS: readonly DiagnosticsRecipe[] = [
  {
    name: 'Site version and update check',
    description:
      'Product and build version, whether a newer release is available, and whether repositories still need to be configured. Update check: site admins only.',
    query: `query SiteVersion {
  site {
    siteID
    productVersion
    buildVersion
    needsRepositoryConfiguration
    freeUsersExceeded
    updateCheck {
      pending
      checkedAt
      errorMessage
      updateVersionAvailable
    }
  }
}
`,
  },
  {
    name: 'Site configuration and alerts',
    description:
      'The site configuration in effect, its validation messages, and the alerts the site shows its users. Site admins only.',
    query: `query SiteConfiguration {
  site {
    configuration {
      id
      validationMessages
      effectiveContents
    }
    alerts {
      type
      message
      isDismissibleWithKey
    }
  }
}
`,
  },
  {
    name: 'Who am I',
    description:
      'The user this token acts as (the sudo user with token-sudo), whether it is a site admin, its emails and organizations.',
    query: `query WhoAmI {
  currentUser {
    id
    username
    displayName
    siteAdmin
    builtinAuth
    createdAt
    emails {
      email
      verified
      isPrimary
    }
    organizations {
      totalCount
      nodes {
        name
      }
    }
  }
}
`,
  },
  {
    name: 'Users and activity',
    description:
      'Users, who is site admin, when each was last active and how much they search. Activity: site admins only.',
    query: `query Users($first: Int = 100) {
  users(first: $first) {
    totalCount
    nodes {
      username
      displayName
      siteAdmin
      createdAt
      usageStatistics {
        lastActiveTime
        searchQueries
        pageViews
      }
    }
  }
}
`,
  },
  {
    name: 'Organizations',
    description: 'Organizations with their member counts. Site admins only.',
    query: `query Organizations($first: Int = 100) {
  organizations(first: $first) {
    totalCount
    nodes {
      name
      displayName
      createdAt
      members {
        totalCount
      }
    }
  }
}
`,
  },
  {
    name: 'Repositories: clone and index status',
    description:
      'Repositories with whether each is cloned or cloning, when it was last fetched, and its search index (shards, files, last indexed).',
    query: `query RepositoryStatus($first: Int = 100) {
  repositories(first: $first) {
    totalCount(precise: true)
    nodes {
      name
      isPrivate
      mirrorInfo {
        cloned
        cloneInProgress
        cloneProgress
        updatedAt
      }
      textSearchIndex {
        status {
          updatedAt
          indexShardsCount
          contentFilesCount
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
`,
  },
  {
    name: 'Repositories with problems',
    description:
      'Repositories that are not cloned yet, not indexed, or whose last fetch from the code host failed.',
    query: `query RepositoryProblems($first: Int = 100) {
  notCloned: repositories(first: $first, cloned: false) {
    totalCount(precise: true)
    nodes {
      name
      mirrorInfo {
        cloneInProgress
        cloneProgress
      }
    }
  }
  notIndexed: repositories(first: $first, indexed: false) {
    totalCount(precise: true)
    nodes {
      name
    }
  }
  failedFetch: repositories(first: $first, failedFetch: true) {
    totalCount(precise: true)
    nodes {
      name
      mirrorInfo {
        updatedAt
      }
    }
  }
}
`,
  },
  {
    name: 'Repository storage totals',
    description:
      'Bytes on disk of all Git directories and lines in the search index. Site admins only.',
    query: `query RepositoryStats {
  repositoryStats {
    gitDirBytes
    indexedLinesCount
  }
}
`,
  },
  {
    name: 'Code host connections',
    description:
      'External services (code host connections): kind, repositories synced, last and next sync, sync errors and warnings. Site admins only.',
    query: `query CodeHostConnections($first: Int = 100) {
  externalServices(first: $first) {
    totalCount
    nodes {
      id
      kind
      displayName
      repoCount
      lastSyncAt
      nextSyncAt
      lastSyncError
      warning
      updatedAt
    }
  }
}
`,
  },
  {
    name: 'Cloning, indexing and sync messages',
    description:
      'The status messages the site admin sees: cloning and indexing progress, sync errors per code host. Site admins only.',
    query: `query StatusMessages {
  statusMessages {
    __typename
    ... on CloningProgress {
      message
    }
    ... on IndexingProgress {
      message
    }
    ... on SyncError {
      message
    }
    ... on IndexingError {
      message
    }
    ... on ExternalServiceSyncError {
      message
      externalService {
        displayName
        kind
      }
    }
  }
}
`,
  },
  {
    name: 'Search health',
    description:
      'Runs a small search and reports its time, whether it hit a limit, repositories still cloning, missing or timed out, and any alert.',
    query: `query SearchHealth($query: String = "count:10 func") {
  search(query: $query, patternType: literal) {
    results {
      matchCount
      limitHit
      elapsedMilliseconds
      indexUnavailable
      cloning {
        name
      }
      missing {
        name
      }
      timedout {
        name
      }
      alert {
        title
        description
      }
    }
  }
}
`,
  },
  {
    name: 'Out-of-band migrations',
    description:
      'Background data migrations: progress, the version that introduced each, and errors. Site admins only; check before upgrading.',
    query: `query OutOfBandMigrations {
  outOfBandMigrations {
    id
    team
    component
    description
    introduced
    deprecated
    progress
    lastUpdated
    nonDestructive
    applyReverse
    errors {
      message
      created
    }
  }
}
`,
  },
  {
    name: 'License and user count',
    description:
      'The product subscription: licensed user count and expiry against the number of users on the instance.',
    query: `query License {
  site {
    productSubscription {
      productNameWithBrand
      actualUserCount
      actualUserCountDate
      maximumAllowedUserCount
      noLicenseWarningUserCount
      license {
        tags
        userCount
        expiresAt
      }
    }
  }
}
`,
  },
  {
    name: 'Site usage',
    description: 'Daily, weekly and monthly active users. Site admins only.',
    query: `query SiteUsage {
  site {
    usageStatistics(days: 14, weeks: 4, months: 3) {
      daus {
        startTime
        userCount
        registeredUserCount
        anonymousUserCount
      }
      waus {
        startTime
        userCount
      }
      maus {
        startTime
        userCount
      }
    }
  }
}
`,
  },
  {
    name: 'Monitoring alerts',
    description:
      'Monitoring alerts fired over the last week, by service and owning team. Site admins only.',
    query: `query MonitoringAlerts {
  site {
    monitoringStatistics(days: 7) {
      alerts {
        timestamp
        name
        serviceName
        owner
        average
      }
    }
  }
}
`,
  },
  {
    name: 'My access tokens',
    description:
      'The access tokens of the current user: note, scopes (site-admin:sudo?), created and last used. Never the secrets.',
    query: `query MyAccessTokens {
  currentUser {
    username
    accessTokens(first: 100) {
      totalCount
      nodes {
        id
        note
        scopes
        createdAt
        lastUsedAt
      }
    }
  }
}
`,
  },
  {
    name: 'Sign-in providers',
    description: 'The authentication providers users can sign in with.',
    query: `query AuthProviders {
  site {
    authProviders {
      totalCount
      nodes {
        displayName
        serviceType
        serviceID
        isBuiltin
        authenticationURL
      }
    }
  }
}
`,
  },
];
